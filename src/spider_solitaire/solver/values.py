"""The stage values of the hint's search: the numbers of a logistic curve per suit count and
stage (stock rows left), read by :func:`~spider_solitaire.solver.judge.chance`.

This file is made by ``scripts/train_hint_values.py`` from the hint's own games on the
tuning deals (``bench/data/tuning.txt``), never from the bench's check deals; edit the
script, not this file. ``STAGE_VALUES[suits][rows_left] = (a, b)``: the chance of winning
from a position of evaluation ``score`` is ``1 / (1 + exp(-(a + b * score / VALUE_SCALE)))``.
"""

from __future__ import annotations

from typing import Final

VALUE_SCALE: Final = 1000
"""Evaluation points per unit of the curves' slope."""

STAGE_VALUES: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    1: ((3.0, -0.5),) * 6,
    2: ((3.0, -0.5),) * 6,
    4: ((3.0, -0.5),) * 6,
}
"""``(a, b)`` per stage (rows left 0 to 5) for each suit count (a first guess, before
training)."""
