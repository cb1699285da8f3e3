"""Hypothesis over random legal play with undo and redo mixed in.

After every step: the 104 cards are all accounted for, the position text round-trips,
the score is what the action history gives, the engine's legal moves equal those of an
independent reading of the rules (tests/naive.py), every listed move plays and sampled
moves that are not listed are refused; undo gives back the exact earlier text and redo
the exact later one.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from naive import RANKS, card_census, full_deck, legal_actions
from spider_solitaire import Game, IllegalMoveError, InvalidPositionError, Move
from spider_solitaire.cards import suit_of
from spider_solitaire.codes import seed_text
from spider_solitaire.errors import REASONS
from spider_solitaire.events import CardTurnedUp, GameWon, RowDealt, RunRemoved
from spider_solitaire.position import Position
from spider_solitaire.rules import apply_move, legal_moves

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

codes = st.builds(
    lambda suits, rule, seed: f"SP1-S{suits}{rule}-{seed_text(seed)}",
    st.sampled_from([1, 2, 4]),
    st.sampled_from("CF"),
    st.integers(0, 2**35 - 1),
)
steps = st.lists(
    st.tuples(st.sampled_from(["play"] * 5 + ["undo", "redo"]), st.integers(0, 2**32)),
    min_size=5,
    max_size=40,
)
long_steps = st.lists(
    st.tuples(st.sampled_from(["play"] * 8 + ["undo", "redo"]), st.integers(0, 2**32)),
    min_size=20,
    max_size=40,
)


def score_of(score: int, runs_per_action: list[int]) -> int:
    """Rule 10 replayed over the history from ``score``: -1 per action, clamp at 0, then
    +100 per run removed."""
    for runs in runs_per_action:
        score = max(score - 1, 0) + 100 * runs
    return score


def builds_suit(position: Position, move: Move) -> bool:
    """True when ``move`` puts a group onto a card of its own suit."""
    if move.is_deal or move.count is None:
        return False
    target = position.columns[move.target - 1]
    first = position.columns[move.source - 1][-move.count]
    return bool(target) and suit_of(target[-1]) == suit_of(first)


def check_position(game: Game, suits: int, rng: random.Random) -> None:
    text = game.to_position()
    # 104 cards accounted for: tableau + stock + 13 per removed run, the right ones.
    assert card_census(text) == full_deck(suits)
    # The text round-trips, strictly, to the same position.
    parsed = Position.from_text(text)
    assert parsed == game.position
    assert parsed.to_text() == text
    # Legal moves: the engine agrees with the independent reading, in order.
    legal = game.legal_moves()
    assert [str(m) for m in legal] == legal_actions(text)
    # Sampled actions that are not listed are refused with a known reason.
    listed = set(legal)
    for _ in range(25):
        move = Move(rng.randint(1, 10), rng.randint(1, 10), rng.randint(1, 13))
        if move in listed:
            continue
        try:
            apply_move(game.position, move)
        except IllegalMoveError as error:
            assert error.reason in REASONS
        else:
            raise AssertionError(f"{move} is not listed but plays in\n{text}")
    if Move.deal() not in listed:
        try:
            apply_move(game.position, Move.deal())
        except IllegalMoveError as error:
            assert error.reason in ("game_won", "stock_empty", "deal_needs_full_columns")
        else:
            raise AssertionError(f"a deal is not listed but plays in\n{text}")
    # Every listed action plays. The player's view lists the same moves; in it, each
    # plays to the view of the real outcome, or is refused as ``hidden`` exactly when it
    # turns up or deals a card.
    view = Position.from_text(game.to_position(hidden=True), strict=False)
    assert legal_moves(view) == legal
    for move in legal:
        after, events = apply_move(game.position, move)
        assert after.moves == game.moves + 1
        reveals = any(isinstance(e, (CardTurnedUp, RowDealt)) for e in events)
        try:
            view_after, _ = apply_move(view, move)
        except IllegalMoveError as error:
            assert error.reason == "hidden"
            assert reveals
        else:
            assert not reveals
            assert view_after == after.hidden_view()


def run(game: Game, plan: list[tuple[str, int]], undo_limit: int, seed: int) -> None:
    suits, start_score, start_moves = game.suits, game.score, game.moves
    rng = random.Random(seed)
    undo_texts: list[str] = []  # text before each action that undo can take back
    runs: list[int] = []  # runs removed by each action in the history
    redo: list[tuple[str, int]] = []  # (text after, runs removed) per undone action
    check_position(game, suits, rng)
    ever_removed = ever_won = False
    for kind, number in plan:
        before = game.to_position()
        if kind == "play":
            legal = game.legal_moves()
            if not legal:
                assert game.is_won
                continue
            # Four plays in five prefer a same-suit build (and so complete runs).
            pick = random.Random(number)
            builds = [m for m in legal if builds_suit(game.position, m)]
            move = pick.choice(builds if builds and pick.random() < 0.8 else legal)
            removed_before = len(game.removed)
            events = game.play(move)
            removed = sum(isinstance(e, RunRemoved) for e in events)
            assert len(game.removed) == removed_before + removed
            undo_texts.append(before)
            if len(undo_texts) > undo_limit:
                del undo_texts[0]
            runs.append(removed)
            redo.clear()
            assert any(isinstance(e, GameWon) for e in events) == game.is_won
        elif kind == "undo":
            if not undo_texts:
                try:
                    game.undo()
                except IllegalMoveError as error:
                    assert error.reason == "nothing_to_undo"
                else:
                    raise AssertionError("undo with nothing to undo")
                continue
            game.undo()
            assert game.to_position() == undo_texts.pop()
            redo.append((before, runs.pop()))
        else:
            if not redo:
                try:
                    game.redo()
                except IllegalMoveError as error:
                    assert error.reason == "nothing_to_redo"
                else:
                    raise AssertionError("redo with nothing to redo")
                continue
            after, removed = redo.pop()
            events = game.redo()
            assert game.to_position() == after
            assert sum(isinstance(e, RunRemoved) for e in events) == removed
            undo_texts.append(before)
            if len(undo_texts) > undo_limit:
                del undo_texts[0]
            runs.append(removed)
        assert game.score == score_of(start_score, runs)
        assert game.moves == start_moves + len(runs)
        assert game.can_undo == bool(undo_texts)
        assert game.can_redo == bool(redo)
        check_position(game, suits, rng)
        ever_removed = ever_removed or any(runs)
        ever_won = ever_won or game.is_won
    event(f"a run was removed: {ever_removed}")
    event(f"the game was won: {ever_won}")


@SETTINGS
@given(codes, steps)
def test_random_play_with_undo_and_redo(code: str, plan: list[tuple[str, int]]) -> None:
    run(Game.from_code(code), plan, 100, len(plan))


@SETTINGS
@given(codes, steps, st.integers(1, 4))
def test_random_play_with_a_small_undo_limit(
    code: str, plan: list[tuple[str, int]], limit: int
) -> None:
    run(Game.from_code(code, undo_limit=limit), plan, limit, limit)


@st.composite
def near_won_boards(draw: st.DrawFn) -> str:
    """A strict position with most runs removed and the rest cut into descending pieces
    spread over the columns (and maybe a stock row), so that random play removes runs and
    sometimes wins. Not always reachable in a real game, but a position all the same."""
    suits = draw(st.sampled_from([1, 2]))
    rule = draw(st.sampled_from("CF"))
    left = draw(st.integers(1, 3))  # runs still in play
    rng = random.Random(draw(st.integers(0, 2**32)))
    all_runs = ["S"] * 8 if suits == 1 else ["S", "H"] * 4
    rng.shuffle(all_runs)
    removed, playing = all_runs[left:], all_runs[:left]
    pieces: list[list[str]] = []
    for suit in playing:
        cards = [r + suit for r in reversed(RANKS)]
        cuts = sorted(rng.sample(range(1, 13), rng.randint(1, 3)))
        pieces += [cards[a:b] for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    rng.shuffle(pieces)
    stock: list[str] = []
    if sum(map(len, pieces)) >= 20 and rng.random() < 0.5:
        flat = [card for piece in pieces for card in piece]
        stock, flat = flat[:10], flat[10:]
        pieces = []
        while flat:
            size = rng.randint(1, 5)
            pieces.append(flat[:size])
            flat = flat[size:]
    columns: dict[int, tuple[list[str], list[str]]] = {}
    for piece in pieces:
        down, up = columns.setdefault(rng.randint(1, 10), ([], []))
        if not up and rng.random() < 0.3:
            down.extend(piece[:-1])
            up.append(piece[-1])
        else:
            up.extend(piece)
    lines = [
        f"rules: S{suits}{rule}",
        f"score: {draw(st.integers(0, 3))}",
        f"moves: {draw(st.integers(0, 500))}",
        "removed: " + " ".join(removed),
        "stock: " + " ".join(stock),
    ]
    for n in range(1, 11):
        down, up = columns.get(n, ([], []))
        lines.append(f"{n}: {' '.join(down)} | {' '.join(up)}")
    return "\n".join(lines) + "\n"


@settings(SETTINGS, max_examples=30)
@given(near_won_boards(), long_steps)
def test_random_play_near_the_end_removes_runs_and_wins(
    text: str, plan: list[tuple[str, int]]
) -> None:
    try:
        game = Game.from_position(text)
    except InvalidPositionError as error:
        assume("complete King-to-Ace" not in str(error))
        raise
    run(game, plan, 100, len(text))
