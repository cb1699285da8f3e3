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
    1: (
        (7.4538, -0.5657),
        (-1.5304, 0.608),
        (4.5085, -0.174),
        (5.5992, -0.2942),
        (4.1138, -0.103),
        (-0.3337, 0.2108),
    ),
    2: (
        (-1.3007, -0.0533),
        (4.4616, -0.5066),
        (-2.0631, 0.2281),
        (4.7184, -0.4308),
        (6.2872, -0.5693),
        (4.6491, -0.3571),
    ),
    4: (
        (5.9561, -0.8556),
        (6.6285, -0.8344),
        (4.068, -0.4562),
        (3.1015, -0.3263),
        (3.3637, -0.3175),
        (1.3139, -0.1727),
    ),
}
"""``(a, b)`` per stage (rows left 0 to 5) for each suit count
(fitted by scripts/train_hint_values.py on tuning deals, budget 5000, 1 round(s))."""
