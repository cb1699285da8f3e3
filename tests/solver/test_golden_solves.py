"""The solver's results pinned: node counts, beam width and solutions of fixed deals.

The values were taken from the pure-Python solver before the compiled build existed
(issue 22), so this file checks three things at once: that the solver still searches
exactly the same positions (a change of the hash, the pruning or the move order shows
here), that the compiled build (``SPIDER_COMPILE=1``; ``scripts/test.sh`` runs the engine
and solver tests on it too) searches the same positions as the interpreted one, and that
every solution still wins. A deliberate change of the search updates these figures in the
same commit, with the bench (``bench/solve.py``) to show what it did.
"""

from __future__ import annotations

import hashlib

import pytest

from spider_solitaire import Game
from spider_solitaire.solver import solve

GOLDEN = (
    # code, status, positions generated, beam width, solution length, solution digest
    ("SP1-S1C-DBX23SK", "won", 391904, 60, 91, "7b5daea6b1812a8f"),
    ("SP1-S2C-FVIMFTI", "won", 266984, 60, 112, "b34c686a804e9f5b"),
    ("SP1-ETTE-S2C-DBX23SK", "won", 94942, 60, 59, "563d8937f1126390"),
    ("SP1-WISP-S4C-FQ3J2AD", "won", 148635, 100, 62, "19bd438ef7e3ac6a"),
    ("SP1-1949-S2C-FQ3J2AD", "won", 228016, 60, 157, "47a5934d6c5e0bec"),
    ("SP1-BIKE-S1C-DBX23SK", "won", 477731, 60, 92, "a6f34f4b6756dcad"),
)
"""Each deal's solve with a node limit of 3,000,000 (so no clock decides anything): the
first 16 hex digits of the SHA-256 of the solution's move notation, space-separated."""


@pytest.mark.slow
@pytest.mark.parametrize(("code", "status", "nodes", "width", "length", "digest"), GOLDEN)
def test_a_fixed_deal_is_solved_exactly_as_pinned(
    code: str, status: str, nodes: int, width: int, length: int, digest: str
) -> None:
    game = Game.from_code(code)
    result = solve(game, node_limit=3_000_000)
    text = " ".join(map(str, result.solution))
    found = hashlib.sha256(text.encode()).hexdigest()[:16]
    assert (result.status, result.nodes, result.width, len(result.solution), found) == (
        status,
        nodes,
        width,
        length,
        digest,
    )
    for move in result.solution:
        game.play(move)
    assert game.is_won
