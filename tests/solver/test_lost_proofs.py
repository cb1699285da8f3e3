"""Every "lost" proof of the solver on small positions, checked by brute force.

The solver proves ``lost`` by an exhaustive search over its own board
(``solver/board.py``). Here a brute-force search written only over the engine
(``legal.legal_moves`` and ``rules.apply_move``) explores the same positions: for every
small position the solver calls lost, the brute force must find no win and must reach
exactly as many distinct positions as the solver's exhaustive search did (so a move the
solver's board missed, or a deal or a run removal it played differently, would show even
where the position cannot be won). Every ``won`` answer is a solution that ``solve``
replayed through the engine, and it is replayed again here.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spider_solitaire import Game
from spider_solitaire.cards import RANKS
from spider_solitaire.errors import InvalidPositionError
from spider_solitaire.legal import legal_moves
from spider_solitaire.position import Position
from spider_solitaire.rules import apply_move
from spider_solitaire.solver import solve
from spider_solitaire.solver.board import Board
from spider_solitaire.solver.search import exhaustive_search

from .layouts import lay_out, position_text

BRUTE_FORCE_LIMIT = 4000
"""Distinct positions the brute force explores at most (a larger space is skipped)."""

SOLVER_NODES = 60_000
"""Node limit of each solve (a position it cannot settle within it is skipped)."""

PositionKey = tuple[tuple[tuple[tuple[int, ...], int], ...], int]


def key(position: Position) -> PositionKey:
    """The tableau and the stock left; once the stock is empty the columns are taken in
    any order (they are interchangeable then: nothing is dealt onto them any more)."""
    columns = tuple(zip(position.columns, position.face_down, strict=True))
    if not position.stock:
        columns = tuple(sorted(columns))
    return columns, len(position.stock)


def brute_force(position: Position, limit: int) -> tuple[bool | None, int]:
    """Depth-first search over every legal action of the engine.

    Returns:
        ``(won, positions)``: ``won`` True when some line wins, False when no line does,
        None when more than ``limit`` distinct positions were met; ``positions`` is how
        many distinct positions were reached (the start included).
    """
    seen = {key(position)}
    stack = [position]
    while stack:
        current = stack.pop()
        for move in legal_moves(current):
            after, _ = apply_move(current, move)
            if after.is_won:
                return True, len(seen)
            after_key = key(after)
            if after_key not in seen:
                if len(seen) >= limit:
                    return None, len(seen)
                seen.add(after_key)
                stack.append(after)
    return False, len(seen)


def small_position(rng: random.Random) -> str:
    """Position text (not strict) of a small position of 1 to 3 suits.

    Three in five are cards of a few neighbouring ranks only (never won: they exercise
    whole proofs of ``lost``, sometimes with a stock row dealt onto fewer than 10 cards,
    sometimes with few empty columns, so that moving a group at once matters);
    the others are one complete run cut into pieces (mostly won). Some cards are
    face-down, and sometimes the cards include a stock row.
    """
    stock: list[str] = []
    suit_count = rng.randint(1, 3)
    suits = "SHD"[:suit_count]
    rules = {1: "S1C", 2: "S2", 3: "S4"}[suit_count]
    if suit_count > 1:
        rules += rng.choice("CF")
    if rng.random() < 0.6:
        low = rng.randint(1, 10)
        ranks = RANKS[low - 1 : low - 1 + rng.randint(2, 4)]
        if rng.random() < 0.3:
            # A few cards and a stock row of one rank (once dealt, it covers every column).
            cards = [rng.choice(ranks) + rng.choice(suits) for _ in range(rng.randint(2, 4))]
            rank = rng.choice(RANKS)
            stock = [rank + suit for suit in rng.choices(suits, k=10)]
        else:
            cards = [rng.choice(ranks) + rng.choice(suits) for _ in range(rng.randint(4, 9))]
    else:
        suit = rng.choice(suits)
        cards = [rank + suit for rank in reversed(RANKS)]
    if len(cards) > 10 and rng.random() < 0.5:
        chosen = set(rng.sample(range(len(cards)), 10))
        stock = [card for index, card in enumerate(cards) if index in chosen]
        cards = [card for index, card in enumerate(cards) if index not in chosen]
    columns: list[list[str]] = [[] for _ in range(10)]
    face_down = [0] * 10
    if len(cards) < 10 and not stock and rng.random() < 0.5:
        # Few empty columns: some columns hold a card that no other card can go onto and
        # that can go onto none of them (a King, or an Ace when a Queen is among them).
        blocker = "A" if "Q" in {card[0] for card in cards} else "K"
        for column in rng.sample(range(10), rng.randint(5, 8)):
            columns[column].append(blocker + rng.choice(suits))
    lay_out(cards, rng, columns, face_down)
    return position_text(rules, stock, columns, face_down)


@pytest.mark.slow
def test_every_lost_proof_on_small_positions_holds_against_brute_force() -> None:
    rng = random.Random(12)
    found: Counter[str] = Counter()
    for _ in range(2000):
        if found["lost checked"] >= 100 and found["won"] >= 40:
            break
        try:
            game = Game.from_position(small_position(rng), strict=False)
        except InvalidPositionError:  # a complete run face-up, or a column ending face-down
            continue
        result = solve(game, node_limit=SOLVER_NODES)
        found[result.status] += 1
        if result.status == "won":
            replay = game.copy()
            for move in result.solution:
                replay.play(move)
            assert replay.is_won
        elif result.status == "lost":
            won, positions = brute_force(game.position, BRUTE_FORCE_LIMIT)
            assert won is not True, game.position.to_text()
            if won is None:
                found["lost too big to check"] += 1
                continue
            proof = exhaustive_search(Board.from_position(game.position), None)
            assert (proof.status, proof.positions) == ("lost", positions)
            found["lost checked"] += 1
            found["lost with more than 100 positions"] += positions > 100
            found["lost with a stock row"] += bool(game.position.stock)
    assert found["lost checked"] >= 100 and found["won"] >= 40, found
    assert found["lost with more than 100 positions"] >= 15, found
    assert found["lost with a stock row"] >= 10, found
