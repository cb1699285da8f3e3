"""Hypothesis over random legal play with undo, redo and restart mixed in, every action
taken through ``Game.act``.

Every game of the family (issue 20) is played: codes of every variant, and near-won
boards of every variant. After every step: the deck's cards (104, or 52) are all
accounted for, the position text round-trips,
the score is what the action history gives, the engine's legal moves equal those of an
independent reading of the rules (tests/naive.py), every listed move plays and sampled
moves that are not listed are refused, ``group_refusal`` agrees with the moves; undo
gives back the exact earlier text and redo the exact later one.

Card ids: a :class:`Table` keeps what a browser would, from the start position and the
events alone (ids per column, face-down counts, the stock's ids, removed runs' ids, the
text of each face-up id). After every step it must equal the engine's position; the
ids are always a permutation of the start's over tableau, stock and removed runs; every
event's ids match the positions before and after it; no event carries the text of a
card that is face-down; undo, redo and restart give back exactly the earlier ids.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from naive import GAMES, RANKS, auto_target, card_census, full_deck, legal_actions
from spider_solitaire import Game, IllegalMoveError, InvalidPositionError, Move
from spider_solitaire.cards import card_text, suit_of
from spider_solitaire.codes import seed_text
from spider_solitaire.errors import REASONS, InvalidMoveError
from spider_solitaire.events import (
    CardsMoved,
    CardTurnedDown,
    CardTurnedUp,
    Event,
    GameUnwon,
    GameWon,
    Restarted,
    RowDealt,
    RowUndealt,
    RunRemoved,
    RunRestored,
)
from spider_solitaire.legal import legal_moves
from spider_solitaire.position import Position
from spider_solitaire.rules import (
    apply_move,
    auto_move,
    auto_targets,
    group_refusal,
    movable_length,
)
from spider_solitaire.variants import VARIANTS, find_variant

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

codes = st.builds(
    lambda tag, suits, rule, seed: f"SP1-{tag}S{suits}{rule}-{seed_text(seed)}",
    st.sampled_from([f"{variant.tag}-" if variant.tag else "" for variant in VARIANTS]),
    st.sampled_from([1, 2, 4]),
    st.sampled_from("CF"),
    st.integers(0, 2**35 - 1),
)
steps = st.lists(
    st.tuples(
        st.sampled_from(["play"] * 10 + ["undo"] * 2 + ["redo"] * 2 + ["restart"]),
        st.integers(0, 2**32),
    ),
    min_size=5,
    max_size=40,
)
long_steps = st.lists(
    st.tuples(st.sampled_from(["play"] * 8 + ["undo", "redo"]), st.integers(0, 2**32)),
    min_size=20,
    max_size=40,
)


def score_of(score: int, runs_per_action: list[tuple[int, int]]) -> int:
    """The score replayed over the history from ``score``: -1 per action (0 for a
    take-off: the action's cost is the pair's second item), clamp at 0, then +100 per
    run removed."""
    for runs, cost in runs_per_action:
        score = max(score - cost, 0) + 100 * runs
    return score


def builds_suit(position: Position, move: Move) -> bool:
    """True when ``move`` puts a group onto a card of its own suit."""
    if move.is_deal or move.is_take_off or move.count is None:
        return False
    target = position.columns[move.target - 1]
    first = position.columns[move.source - 1][-move.count]
    return bool(target) and suit_of(target[-1]) == suit_of(first)


def check_position(game: Game, suits: int, rng: random.Random) -> None:
    text = game.position_text()
    width = game.variant.columns
    # Every card accounted for: tableau + stock + 13 per removed run, the right ones.
    assert card_census(text) == full_deck(suits, GAMES[game.variant.name][3])
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
        move = Move(rng.randint(1, width), rng.randint(1, width), rng.randint(1, 13))
        if rng.random() < 0.2:
            move = Move.take_off(rng.randint(1, width))
        if move in listed:
            continue
        try:
            apply_move(game.position, move)
        except IllegalMoveError as error:
            assert error.reason in REASONS
        else:
            raise AssertionError(f"{move} is not listed but plays in\n{text}")
    # A column the game does not have is bad notation for it.
    if width < 10:
        for move in (Move(width + 1, 1, 1), Move(1, 10), Move.take_off(width + 1)):
            with pytest.raises(InvalidMoveError) as bad:
                apply_move(game.position, move)
            assert bad.value.reason == "column_range"
    if Move.deal() not in listed:
        try:
            apply_move(game.position, Move.deal())
        except IllegalMoveError as error:
            assert error.reason in ("game_won", "stock_empty", "deal_needs_full_columns")
        else:
            raise AssertionError(f"a deal is not listed but plays in\n{text}")
    # group_refusal: a group can be picked up exactly when it is no longer than the
    # largest movable group, and its reason is the one a move of it to any other column
    # is refused with.
    position = game.position
    for column in range(1, width + 1):
        longest = movable_length(position, column)
        for count in range(1, len(position.columns[column - 1]) + 2):
            refusal = group_refusal(position, column, count)
            assert (refusal is None) == (count <= longest and not position.is_won)
            if refusal is not None:
                target = rng.choice([t for t in range(1, width + 1) if t != column])
                try:
                    apply_move(position, Move(column, target, count))
                except IllegalMoveError as error:
                    assert error.reason == refusal
                else:
                    raise AssertionError(f"{column}:{count}>{target} plays but is {refusal}")
    # A double-click's target: the engine's auto_move (and auto_targets, which serves
    # every group of a column at once) agrees with a plain reading of the preference.
    for column in range(1, width + 1):
        longest = movable_length(position, column)
        expected = [auto_target(text, column, count) for count in range(1, longest + 1)]
        if position.is_won:
            expected = []
        assert auto_targets(position, column) == expected
        for count, target in enumerate(expected, start=1):
            move = auto_move(position, column, count)
            assert (move.target if move is not None else None) == target
    # Every listed action plays. The player's view lists the same moves; in it, each
    # plays to the view of the real outcome, or is refused as ``hidden`` exactly when it
    # turns up or deals a card.
    view = Position.from_text(game.position_text(hidden=True), strict=False)
    assert legal_moves(view) == legal
    for move in legal:
        after, events = apply_move(game.position, move)
        assert after.move_count == game.move_count + (not move.is_take_off)
        reveals = any(isinstance(e, (CardTurnedUp, RowDealt)) for e in events)
        try:
            view_after, _ = apply_move(view, move)
        except IllegalMoveError as error:
            assert error.reason == "hidden"
            assert reveals
        else:
            assert not reveals
            assert view_after == after.hidden_view()


def text_at(position: Position, card_id: int) -> tuple[str, bool]:
    """The text of card ``card_id`` on the tableau of ``position`` and whether it is
    face-up."""
    for cards, ids, down in zip(position.columns, position.ids, position.face_down, strict=True):
        if card_id in ids:
            index = ids.index(card_id)
            return card_text(cards[index]), index >= down
    raise AssertionError(f"id {card_id} is not on the tableau")


class Table:
    """What a browser knows of the table, kept from the start position and the events
    only (see the module docstring)."""

    def __init__(self, start: Position) -> None:
        self.kinds: set[str] = set()  # the kinds of event seen, kept over a restart
        self.reset(start)

    def reset(self, start: Position) -> None:
        """Lay the table out as ``start`` is (a new game, or a restart)."""
        self.columns = [list(ids) for ids in start.ids]
        self.face_down = list(start.face_down)
        self.stock = list(start.stock_ids)
        self.removed: list[list[int]] = []
        self.texts: dict[int, str] = {}
        for cards, ids, down in zip(start.columns, start.ids, start.face_down, strict=True):
            for card, card_id in zip(cards[down:], ids[down:], strict=True):
                self.texts[card_id] = card_text(card)

    def all_ids(self) -> list[int]:
        """Every id the table holds: tableau, stock and removed runs, sorted."""
        ids = [i for column in self.columns for i in column] + self.stock
        return sorted(ids + [i for run in self.removed for i in run])

    def is_face_up(self, card_id: int) -> bool:
        for column, down in zip(self.columns, self.face_down, strict=True):
            if card_id in column:
                return column.index(card_id) >= down
        return False

    def apply(self, event: Event, before: Position, after: Position) -> None:
        """Apply one event of an action that took ``before`` to ``after``, checking its
        ids and texts against them."""
        self.kinds.add(event.kind)
        if isinstance(event, CardsMoved):
            source, target = self.columns[event.source - 1], self.columns[event.target - 1]
            count = len(event.ids)
            assert len(event.cards) == count >= 1
            assert tuple(source[-count:]) == event.ids
            assert all(self.is_face_up(i) for i in event.ids)
            assert [self.texts[i] for i in event.ids] == list(event.cards)
            del source[-count:]
            target.extend(event.ids)
        elif isinstance(event, RowDealt):
            size = min(len(self.columns), len(self.stock))  # a short last row: fewer
            assert event.ids == before.stock_ids[:size] == tuple(self.stock[:size])
            assert event.cards == tuple(card_text(c) for c in before.stock[:size])
            del self.stock[:size]
            for column, card_id, text in zip(self.columns, event.ids, event.cards, strict=False):
                column.append(card_id)
                self.texts[card_id] = text
        elif isinstance(event, CardTurnedUp):
            column = self.columns[event.column - 1]
            assert column[-1] == event.id
            assert self.face_down[event.column - 1] == len(column)
            self.face_down[event.column - 1] -= 1
            assert text_at(after, event.id) == (event.card, True)
            self.texts[event.id] = event.card
        elif isinstance(event, RunRemoved):
            column = self.columns[event.column - 1]
            assert tuple(column[-13:]) == event.ids
            assert {self.texts[i][1] for i in event.ids} == {event.suit}
            assert [self.texts[i][0] for i in event.ids] == list("KQJT98765432A")
            del column[-13:]
            self.removed.append(list(event.ids))
        elif isinstance(event, GameWon):
            assert after.is_won and event.score == after.score
        elif isinstance(event, RunRestored):
            assert self.removed and tuple(self.removed[-1]) == event.ids
            assert [self.texts[i] for i in event.ids] == list(event.cards)
            self.columns[event.column - 1].extend(self.removed.pop())
        elif isinstance(event, CardTurnedDown):
            column = self.columns[event.column - 1]
            assert column[-1] == event.id
            assert self.face_down[event.column - 1] == len(column) - 1
            self.face_down[event.column - 1] += 1
            assert text_at(after, event.id)[1] is False
        elif isinstance(event, RowUndealt):
            dealt_to = self.columns[: len(event.ids)]
            assert event.ids == tuple(column[-1] for column in dealt_to)
            assert event.ids == after.stock_ids[: len(event.ids)]
            for column in dealt_to:
                column.pop()
            self.stock[:0] = event.ids
        elif isinstance(event, GameUnwon):
            assert before.is_won and not after.is_won
        elif isinstance(event, Restarted):
            self.reset(after)
        else:
            raise AssertionError(f"unknown event {event!r}")
        # No event names the text of a card that is face-down once it has happened.
        data = event.to_dict()
        named = [data["id"]] if "card" in data else []
        named += list(data["ids"]) if "cards" in data else []  # type: ignore[call-overload]
        assert all(self.is_face_up(i) for i in named), f"{data} names a face-down card"

    def check(self, position: Position, start_ids: list[int]) -> None:
        """The table is the engine's position, and holds exactly the start's ids."""
        assert [tuple(column) for column in self.columns] == list(position.ids)
        assert tuple(self.face_down) == position.face_down
        assert tuple(self.stock) == position.stock_ids
        assert self.all_ids() == start_ids
        for cards, ids, down in zip(
            position.columns, position.ids, position.face_down, strict=True
        ):
            assert len(ids) == len(cards)
            for card, card_id in zip(cards[down:], ids[down:], strict=True):
                assert self.texts[card_id] == card_text(card)
        assert position.hidden_view().ids == position.ids


def ids_of(position: Position) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The ids of a position: per column, and the stock's."""
    return position.ids, position.stock_ids


def act(game: Game, action: Move | str, table: Table) -> list[Event]:
    """``game.act(action)``, its events applied to ``table`` and checked."""
    before = game.position
    events = game.act(action)
    for one in events:
        table.apply(one, before, game.position)
    return events


def run(game: Game, plan: list[tuple[str, int]], undo_limit: int, seed: int) -> None:
    suits, start_score, start_moves = game.suits, game.score, game.move_count
    start, start_ids = game.position, Table(game.position).all_ids()
    table = Table(start)
    rng = random.Random(seed)
    undo_texts: list[str] = []  # text before each action that undo can take back
    undo_ids: list[object] = []  # the ids before each such action
    runs: list[tuple[int, int]] = []  # (runs removed, cost) of each action in the history
    redo: list[tuple[str, tuple[int, int], object]] = []  # (text after, runs, ids after)
    check_position(game, suits, rng)
    ever_removed = ever_won = False
    for kind, number in plan:
        before = game.position_text()
        before_ids = ids_of(game.position)
        if kind == "play":
            legal = game.legal_moves()
            if not legal:
                assert game.is_won
                continue
            # Four plays in five prefer a same-suit build (and so complete runs).
            pick = random.Random(number)
            builds = [m for m in legal if builds_suit(game.position, m)]
            move = pick.choice(builds if builds and pick.random() < 0.8 else legal)
            take_offs = [m for m in legal if m.is_take_off]
            if take_offs and pick.random() < 0.6:  # spider-1949: mostly take runs off
                move = pick.choice(take_offs)
            removed_before = len(game.removed)
            events = act(game, move if number % 2 else str(move), table)
            removed = sum(isinstance(e, RunRemoved) for e in events)
            assert len(game.removed) == removed_before + removed
            if not game.variant.auto_remove:
                assert removed == move.is_take_off  # runs stay until taken off
            undo_texts.append(before)
            undo_ids.append(before_ids)
            if len(undo_texts) > undo_limit:
                del undo_texts[0], undo_ids[0]
            runs.append((removed, 0 if move.is_take_off else 1))
            redo.clear()
            assert any(isinstance(e, GameWon) for e in events) == game.is_won
        elif kind == "undo":
            if not undo_texts:
                try:
                    game.act("undo")
                except IllegalMoveError as error:
                    assert error.reason == "nothing_to_undo"
                else:
                    raise AssertionError("undo with nothing to undo")
                continue
            events = act(game, "undo", table)
            assert game.position_text() == undo_texts.pop()
            assert ids_of(game.position) == undo_ids.pop()
            redo.append((before, runs.pop(), before_ids))
        elif kind == "redo":
            if not redo:
                try:
                    game.act("redo")
                except IllegalMoveError as error:
                    assert error.reason == "nothing_to_redo"
                else:
                    raise AssertionError("redo with nothing to redo")
                continue
            after, removed, after_ids = redo.pop()
            events = act(game, "redo", table)
            assert game.position_text() == after
            assert ids_of(game.position) == after_ids
            assert sum(isinstance(e, RunRemoved) for e in events) == removed[0]
            undo_texts.append(before)
            undo_ids.append(before_ids)
            if len(undo_texts) > undo_limit:
                del undo_texts[0], undo_ids[0]
            runs.append(removed)
        else:
            assert act(game, "restart", table) == [Restarted()]
            assert game.position == start
            assert ids_of(game.position) == ids_of(start)
            undo_texts.clear()
            undo_ids.clear()
            runs.clear()
            redo.clear()
        assert game.score == score_of(start_score, runs)
        assert game.move_count == start_moves + sum(cost for _, cost in runs)
        assert game.can_undo == bool(undo_texts)
        assert game.can_redo == bool(redo)
        table.check(game.position, start_ids)
        check_position(game, suits, rng)
        ever_removed = ever_removed or any(removed for removed, _ in runs)
        ever_won = ever_won or game.is_won
    event(f"{game.variant.name}: a run was removed: {ever_removed}")
    event(f"the game was won: {ever_won}")
    for kind in sorted(table.kinds):
        event(f"event kind: {kind}")


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
    """A strict position of a game of the family with most runs removed and the rest cut
    into descending pieces spread over the columns (and maybe a stock row), so that random
    play removes runs and sometimes wins. Not always reachable in a real game, but a
    position all the same."""
    variant = draw(st.sampled_from(VARIANTS))
    width = variant.columns
    suits = draw(st.sampled_from([1, 2]))
    rule = draw(st.sampled_from("CF"))
    left = draw(st.integers(1, 3))  # runs still in play
    rng = random.Random(draw(st.integers(0, 2**32)))
    all_runs = ["S"] * variant.runs if suits == 1 else ["S", "H"] * (variant.runs // 2)
    rng.shuffle(all_runs)
    removed, playing = all_runs[left:], all_runs[:left]
    pieces: list[list[str]] = []
    for suit in playing:
        cards = [r + suit for r in reversed(RANKS)]
        cuts = sorted(rng.sample(range(1, 13), rng.randint(1, 3)))
        pieces += [cards[a:b] for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    rng.shuffle(pieces)
    stock: list[str] = []
    if sum(map(len, pieces)) >= 2 * width and rng.random() < 0.5:
        flat = [card for piece in pieces for card in piece]
        row = width if not variant.short_row or rng.random() < 0.5 else variant.short_row
        stock, flat = flat[:row], flat[row:]
        pieces = []
        while flat:
            size = rng.randint(1, 5)
            pieces.append(flat[:size])
            flat = flat[size:]
    columns: dict[int, tuple[list[str], list[str]]] = {}
    for piece in pieces:
        down, up = columns.setdefault(rng.randint(1, width), ([], []))
        if not up and rng.random() < 0.3:
            down.extend(piece[:-1])
            up.append(piece[-1])
        else:
            up.extend(piece)
    lines = [
        f"variant: {variant.name}",
        f"rules: S{suits}{rule}",
        f"score: {draw(st.integers(0, 3))}",
        f"moves: {draw(st.integers(0, 500))}",
        "removed: " + " ".join(removed),
        "stock: " + " ".join(stock),
    ]
    for n in range(1, width + 1):
        down, up = columns.get(n, ([], []))
        lines.append(f"{n}: {' '.join(down)} | {' '.join(up)}")
    return "\n".join(lines) + "\n"


@pytest.mark.slow
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
    assert game.variant is find_variant(text.split()[1])
    run(game, plan, 100, len(text))
