"""The parity harness: the solver's board plays by the engine's rules.

Random games (from game codes of 1, 2 and 4 suits under both rules, and from small
endgame positions with a stock row) give a few thousand positions. At each one, the
board's legal actions must be the engine's (``legal.legal_moves``), in the same order,
and each action played on the board must give the engine's position: the same columns,
face-down counts and stock left. The same holds on the player's view of each position
(``Position.hidden_view``): the same list of actions, the engine's view after an action
that reveals nothing, and an unknown card wherever the engine turns up or deals a hidden
one. The harness counts the hard cases it met and fails if it missed one. The board's
perft counts must also be those of ``tests/data/perft.json``. Every variant of the family
(issue 20) gets the same harness, with its own hard cases (a take-off, a run kept, the
short last row, a deal beside an empty column).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from spider_solitaire import Game, Move
from spider_solitaire.cards import RANKS, SUITS
from spider_solitaire.codes import seed_text
from spider_solitaire.errors import IllegalMoveError, InvalidPositionError
from spider_solitaire.events import CardTurnedUp, Event, GameWon, RunRemoved
from spider_solitaire.legal import legal_moves
from spider_solitaire.position import Position
from spider_solitaire.rules import apply_move, take_off_reason
from spider_solitaire.solver.board import FACE_DOWN, UNKNOWN, Board, ColumnTable
from spider_solitaire.variants import FLEXIBLE, VARIANTS, Variant

from .layouts import lay_out, position_text

PERFT = json.loads((Path(__file__).parent.parent / "data" / "perft.json").read_text("utf-8"))

HARD_CASES = (
    "move into an empty column",
    "deal with fewer than 10 cards on the table",
    "mixed group moved (Flexible)",
    "run completed by a deal",
    "run completed by a move",
    "game won",
    "view: card turned up unknown",
    "view: row dealt unknown",
)
"""What the harness must meet at least a few times each."""

VARIANT_CASES = (
    "spider-1949: run taken off",
    "spider-1949: run completed and kept",
    "bicycle: short row dealt",
    "spiderette: short row dealt",
    "will-o-the-wisp: short row dealt",
    "relaxed: deal beside an empty column",
    "spiderette: move into an empty column",
    "spiderette: game won",
    "spider-1949: game won",
)
"""What the variants' harness must meet at least a few times each."""


def tableau(board: Board) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The board's columns as engine card values, and its face-down counts."""
    columns = tuple(tuple(card & ~FACE_DOWN for card in column) for column in board.columns)
    face_down = tuple(sum(1 for card in column if card & FACE_DOWN) for column in board.columns)
    return columns, face_down


def check_position(position: Position, coverage: Counter[str]) -> None:
    """Assert that the board agrees with the engine on ``position`` and on its view."""
    board = Board.from_position(position)
    table = board.table()
    moves = legal_moves(position)
    actions = board.legal_actions(table)
    assert [action.to_move() for action in actions] == moves, position.to_text()
    for move, action in zip(moves, actions, strict=True):
        after, events = apply_move(position, move)
        played = board.play(action)
        assert tableau(played) == (after.columns, after.face_down), f"{move}\n{position.to_text()}"
        assert played.rows_left == after.stock_rows_left
        assert played.is_won == after.is_won
        note(position, move, events, coverage)
    check_view(position, coverage)


def note(position: Position, move: Move, events: list[Event], coverage: Counter[str]) -> None:
    """Count the hard cases that ``move`` from ``position`` (with ``events``) shows."""
    removed = any(isinstance(event, RunRemoved) for event in events)
    name = position.variant.name
    if any(isinstance(event, GameWon) for event in events):
        coverage[f"{name}: game won"] += 1
    if move.is_take_off:
        coverage[f"{name}: run taken off"] += 1
        return
    if move.is_deal:
        if position.next_row < len(position.columns):
            coverage[f"{name}: short row dealt"] += 1
        if not all(position.columns) and position.tableau_cards >= len(position.columns):
            coverage[f"{name}: deal beside an empty column"] += 1
        if position.tableau_cards < 10:
            coverage["deal with fewer than 10 cards on the table"] += 1
        if removed:
            coverage["run completed by a deal"] += 1
    else:
        assert move.count is not None
        if not position.columns[move.target - 1]:
            coverage["move into an empty column"] += 1
            coverage[f"{name}: move into an empty column"] += 1
        if not position.variant.auto_remove:
            after = apply_move(position, move)[0]
            if take_off_reason(after, move.target) is None:
                coverage[f"{name}: run completed and kept"] += 1
        group = position.columns[move.source - 1][-move.count :]
        if len({card >> 4 for card in group}) > 1:
            assert position.rule == FLEXIBLE
            coverage["mixed group moved (Flexible)"] += 1
        if removed:
            coverage["run completed by a move"] += 1
    if any(isinstance(event, GameWon) for event in events):
        coverage["game won"] += 1


def check_view(position: Position, coverage: Counter[str]) -> None:
    """Assert that the board of the player's view lists the engine's actions on the view,
    and plays each as the engine does, with unknown cards where the engine refuses to
    reveal a hidden one."""
    view = position.hidden_view()
    board = Board.from_position(view)
    assert board.hides_cards == (any(position.face_down) or bool(position.stock))
    moves = legal_moves(view)
    actions = board.legal_actions(board.table())
    assert [action.to_move() for action in actions] == moves
    for move, action in zip(moves, actions, strict=True):
        played = board.play(action)
        try:
            view_after, _ = apply_move(view, move)
        except IllegalMoveError as error:
            assert error.reason == "hidden"
            real_after, events = apply_move(position, move)
            if move.is_deal:
                # Every column the row reaches gets an unknown card (the view cannot
                # complete a run); a short last row leaves the other columns alone.
                size = view.next_row
                assert played.columns == tuple(
                    column + b"\0" if index < size else column
                    for index, column in enumerate(board.columns)
                )
                coverage["view: row dealt unknown"] += 1
                continue
            # The engine's outcome seen by the player, with the turned-up cards unknown.
            expected = [bytearray(column) for column in Board.from_position(real_after).columns]
            for event in events:
                if isinstance(event, CardTurnedUp):
                    expected[event.column - 1][-1] = UNKNOWN
            expected_view = Board.from_position(real_after.hidden_view()).columns
            for index, column in enumerate(expected_view):
                expected[index][: len(column) - 1] = column[:-1]
            assert played.columns == tuple(map(bytes, expected))
            coverage["view: card turned up unknown"] += 1
            continue
        assert played.columns == Board.from_position(view_after).columns
        assert played.rows_left == view_after.stock_rows_left


def biased_choice(position: Position, moves: list[Move], rng: random.Random) -> Move:
    """A random action, most often one that builds in suit, turns up a card or empties a
    column (so that games get somewhere: runs completed, empty columns)."""
    take_offs = [move for move in moves if move.is_take_off]
    if take_offs and rng.random() < 0.7:
        return rng.choice(take_offs)
    useful = []
    for move in moves:
        if move.is_deal or move.is_take_off or move.count is None:
            continue
        source = position.columns[move.source - 1]
        target = position.columns[move.target - 1]
        below = len(source) - move.count
        builds = bool(target) and target[-1] == source[-move.count] + 1
        reveals = below > 0 and position.face_down[move.source - 1] == below
        if builds or reveals or (below == 0 and target):
            useful.append(move)
    if useful and rng.random() < 0.85:
        return rng.choice(useful)
    return rng.choice(moves)


def random_game(position: Position, actions: int, rng: random.Random) -> list[Position]:
    """The positions of a random game of at most ``actions`` actions from ``position``."""
    seen = [position]
    for _ in range(actions):
        moves = legal_moves(position)
        if not moves:
            break
        position, _ = apply_move(position, biased_choice(position, moves, rng))
        seen.append(position)
    return seen


def endgame(rng: random.Random) -> Position:
    """A small position: 1 to 3 runs of the suits in play cut into pieces (some shuffled),
    some cards face-down, often a stock row, and columns left empty. With 3 runs it is
    sometimes laid out so that the stock row deals an Ace onto its King-to-2 run.

    Raises:
        InvalidPositionError: the pieces happened to rebuild a complete run face-up.
    """
    suits = rng.choice([1, 2, 4])
    rule = rng.choice("CF") if suits > 1 else "C"
    runs = [rng.choice(SUITS[:suits]) for _ in range(rng.randint(1, 3))]
    cards = [rank + suit for suit in runs for rank in reversed(RANKS)]  # King first
    columns: list[list[str]] = [[] for _ in range(10)]
    down = [0] * 10
    stock: list[str] = []
    shape = rng.random()
    ace_column = -1
    if len(runs) == 3 and shape < 0.4:
        ace_column = rng.randrange(10)
        columns[ace_column] = cards[:12]
        others = cards[13:]
        rng.shuffle(others)
        stock = others[:9]
        stock.insert(ace_column, cards[12])
        cards = others[9:]
        for number in range(10):
            if number != ace_column:
                columns[number].append(cards.pop())
    elif shape < 0.7:
        chosen = set(rng.sample(range(len(cards)), 10))
        stock = [card for index, card in enumerate(cards) if index in chosen]
        cards = [card for index, card in enumerate(cards) if index not in chosen]
    lay_out(cards, rng, columns, down, avoid=ace_column, face_down_chance=0.4, shuffle_chance=0.2)
    return Position.from_text(position_text(f"S{suits}{rule}", stock, columns, down), strict=False)


@pytest.mark.slow
def test_the_board_plays_by_the_engines_rules_over_random_games() -> None:
    rng = random.Random(8)
    coverage: Counter[str] = Counter()
    positions = 0
    variants = [(1, "C"), (2, "C"), (2, "F"), (4, "C"), (4, "F")]
    for game_number in range(15):
        for suits, rule in variants:
            code = f"SP1-S{suits}{rule}-{seed_text(rng.randrange(2**35))}"
            start = Game.from_code(code).position
            for position in random_game(start, 90 if game_number % 3 else 200, rng):
                check_position(position, coverage)
                positions += 1
    boards = 0
    while boards < 150:
        try:
            start = endgame(rng)
        except InvalidPositionError:
            continue
        boards += 1
        for position in random_game(start, 20, rng):
            check_position(position, coverage)
            positions += 1
    assert positions > 3000
    missed = [case for case in HARD_CASES if coverage[case] < 3]
    assert not missed, f"the harness never met {missed}: {dict(coverage)}"


def variant_endgame(rng: random.Random, variant: Variant) -> Position:
    """A small position of ``variant``: 1 to 3 runs cut into pieces (some shuffled) on its
    columns, some face-down, often a stock row (full, or the variant's short last row).

    Raises:
        InvalidPositionError: the pieces rebuilt a complete run where runs leave by
            themselves.
    """
    suits = rng.choice([1, 2, 4])
    rule = rng.choice("CF") if suits > 1 else "C"
    runs = [rng.choice(SUITS[:suits]) for _ in range(rng.randint(1, 3))]
    cards = [rank + suit for suit in runs for rank in reversed(RANKS)]
    width = variant.columns
    stock: list[str] = []
    if rng.random() < 0.6:
        size = variant.short_row if variant.short_row and rng.random() < 0.5 else width
        chosen = set(rng.sample(range(len(cards)), size))
        stock = [card for index, card in enumerate(cards) if index in chosen]
        cards = [card for index, card in enumerate(cards) if index not in chosen]
    columns: list[list[str]] = [[] for _ in range(width)]
    down = [0] * width
    lay_out(cards, rng, columns, down, face_down_chance=0.4, shuffle_chance=0.15)
    text = position_text(f"S{suits}{rule}", stock, columns, down, variant.name)
    return Position.from_text(text, strict=False)


@pytest.mark.slow
def test_the_board_plays_by_the_engines_rules_in_every_variant() -> None:
    rng = random.Random(20)
    coverage: Counter[str] = Counter()
    positions = 0
    for variant in VARIANTS[1:]:
        tag = variant.tag
        for game_number in range(4):
            setup = rng.choice(["S1C", "S2C", "S2F", "S4C", "S4F"])
            code = f"SP1-{tag}-{setup}-{seed_text(rng.randrange(2**35))}"
            start = Game.from_code(code).position
            for position in random_game(start, 80 if game_number % 2 else 160, rng):
                check_position(position, coverage)
                positions += 1
        boards = 0
        while boards < 40:
            try:
                start = variant_endgame(rng, variant)
            except InvalidPositionError:
                continue
            boards += 1
            for position in random_game(start, 25, rng):
                check_position(position, coverage)
                positions += 1
    assert positions > 2000
    missed = [case for case in VARIANT_CASES if coverage[case] < 3]
    assert not missed, f"the harness never met {missed}: {dict(coverage)}"


def board_perft(board: Board, table: ColumnTable, depth: int) -> int:
    """Action sequences of ``depth`` actions from ``board``, with the board's own moves."""
    actions = board.legal_actions(table)
    if depth == 1:
        return len(actions)
    return sum(board_perft(board.play(action), table, depth - 1) for action in actions)


@pytest.mark.parametrize("code", sorted(PERFT["counts"]))
def test_the_boards_perft_counts_are_the_engines(code: str) -> None:
    board = Board.from_position(Game.from_code(code).position)
    table = board.table()
    counts = [board_perft(board, table, depth) for depth in range(1, 6)]
    assert counts == PERFT["counts"][code]
