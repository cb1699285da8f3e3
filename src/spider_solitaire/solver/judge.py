"""Judging a hint's candidate lines over sampled worlds, within a node budget.

A candidate is a line of moves from the player's view that ends where it turns a card up
(or earlier, where the look-ahead's line ends). Judged on one world
(:mod:`~spider_solitaire.solver.worlds`), the line is played there (its last move turns up
that world's card), then a narrow look-ahead in that world searches on, up to the next
deal (it sees that world's face-down cards, never its stock), and the best position it
reaches is turned into a chance by the stage's value (:func:`chance`). A candidate's
estimate is its mean over the worlds it was judged on.

Which candidate gets the next worlds is a bandit: sequential halving (Karnin, Koren and
Somekh, ICML 2013): the budget is cut into rounds, each round shares its nodes among the
candidates still in, one world each in turn, and the worse half leaves after each round;
the last one left is the choice. Every candidate is judged on the same worlds in the same
order, so the comparison is between lines, not between lucky and unlucky guesses.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .board import Action, Columns, ColumnTable, after_move
from .lookahead import look_ahead
from .values import STAGE_VALUES, VALUE_SCALE
from .worlds import Worlds

WORLD_WIDTH = 6
"""Positions kept per layer of the look-ahead on a world (a decision of ours, tried
against 4 and 10 on tuning deals)."""

WORLD_DEPTH = 6
"""Moves of that look-ahead at most."""


class Judged(NamedTuple):
    """A candidate line's verdict: its moves, its estimated chance in [0, 1] (the mean over
    ``worlds``) and the number of worlds it was judged on."""

    actions: tuple[Action, ...]
    chance: float
    worlds: int


class Verdicts(NamedTuple):
    """:func:`judge`'s answer: every candidate's verdict, the choice first, then the others
    by estimated chance (ties: the earlier candidate), and the nodes spent."""

    ranked: list[Judged]
    nodes: int


def chance(suits: int, rows_left: int, score: int) -> float:
    """Return the estimated chance in [0, 1] of winning from a position of evaluation
    ``score`` (:class:`~spider_solitaire.solver.facts.Weights`, lower is better) with
    ``rows_left`` stock rows to deal in a ``suits``-suit game: a logistic curve per stage,
    ``1 / (1 + exp(-(a + b * score / VALUE_SCALE)))``, whose ``(a, b)`` were fitted on the
    hint's own games on tuning deals (:data:`~spider_solitaire.solver.values.STAGE_VALUES`,
    made by ``scripts/train_hint_values.py``)."""
    stages = STAGE_VALUES.get(suits, STAGE_VALUES[4])
    intercept, slope = stages[min(rows_left, len(stages) - 1)]
    exponent = intercept + slope * score / VALUE_SCALE
    if exponent < -30.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-exponent))


class Judge:
    """Judges candidate lines from one view.

    Args:
        table: the hint's column table (its weights score the positions).
        columns: the view's columns.
        worlds: the view's worlds.
        suits: the game's suit count (which values to read).
        rows_left: stock rows left to deal (the stage).
    """

    def __init__(
        self, table: ColumnTable, columns: Columns, worlds: Worlds, suits: int, rows_left: int
    ) -> None:
        self.table = table
        self.columns = columns
        self.worlds = worlds
        self.suits = suits
        self.rows_left = rows_left

    def on_world(self, line: tuple[Action, ...], index: int) -> tuple[float, int]:
        """Return the chance of ``line`` on world ``index`` and the nodes spent."""
        world = self.worlds.world(index)
        remove = self.table.remove
        for step in line:
            world = after_move(world, step, remove)
        start = self.table.score(world)
        found = look_ahead(self.table, world, set(), WORLD_WIDTH, WORLD_DEPTH)
        best = start if found.best is None else min(start, found.best.score)
        return chance(self.suits, self.rows_left, best), found.nodes

    def judge(self, lines: list[tuple[Action, ...]], budget: int) -> Verdicts:
        """Judge ``lines`` (one or more, best first by the look-ahead: the earlier wins a
        tie) within about ``budget`` nodes (each line gets at least one world)."""
        totals = [0.0] * len(lines)
        counts = [0] * len(lines)
        alive = list(range(len(lines)))
        rounds = max(1, math.ceil(math.log2(len(lines))))
        nodes = 0
        for _ in range(rounds):
            share = budget // rounds
            spent = 0
            while spent < share or not all(counts[index] for index in alive):
                for index in alive:
                    value, used = self.on_world(lines[index], counts[index])
                    totals[index] += value
                    counts[index] += 1
                    spent += used
            nodes += spent
            means = {index: totals[index] / counts[index] for index in alive}
            alive.sort(key=lambda index: (-means[index], index))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        verdicts = [Judged(line, totals[i] / counts[i], counts[i]) for i, line in enumerate(lines)]
        choice = verdicts[alive[0]]
        others = [verdicts[i] for i in range(len(lines)) if i != alive[0]]
        others.sort(key=lambda judged: -judged.chance)
        return Verdicts([choice, *others], nodes)
