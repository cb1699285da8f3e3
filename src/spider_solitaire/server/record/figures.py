"""The statistics figures of the player's record, computed from result rows alone: which
results count after the resets, the figures of a variant and class, streaks and personal
bests (docs/record.md has the rules in words).

Pure computation: no database, no HTTP. The rows are read by the store
(:class:`~spider_solitaire.server.db.record.Record`) as written in the transaction of the
action or abandon that decided each game; figures are never computed from a game's current
position.

Definitions (decisions of ours where Spider has no single answer):

* a result belongs to its variant (the game of the family, suits, rule) and class
  (assisted or not); the figures of a variant count only results decided after the latest
  reset that covers it;
* a daily game's result belongs to the daily deal's own row (every suit count together)
  and not to its variant; only a reset of every figure covers it;
* ``finished`` = won + lost; ``win_rate`` = won / finished (null with none);
* ``current_streak``: wins in a row up to the latest result (0 after a loss);
  ``best_streak``: the longest run of wins; ``worst_losing_streak``: of losses;
* ``best_score``, ``fewest_moves`` (the move counter: moves and deals), ``fastest_win_ms``,
  ``average_moves`` and ``average_win_ms`` are taken over the wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from ...levels import LEVELS, level_of
from ...variants import GroupRule
from ..db import GameRecord, ResetRow, ResultRow
from ..db.tables import DEFAULT_VARIANT
from ..schemas.record import Figures


def iso(moment: datetime) -> str:
    """Return ``moment`` as ISO 8601 UTC with a ``Z``, to the second:
    ``2026-12-01T23:59:00Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def after_resets(results: Sequence[ResultRow], resets: Sequence[ResetRow]) -> list[ResultRow]:
    """Return the ``results`` that count: each decided after the latest of ``resets``
    that covers its variant (order kept)."""
    kept = []
    for result in results:
        covering = [
            r
            for r in resets
            if r.covers_all
            or (result.daily_date is None and r.covers(result.suits, result.rule, result.variant))
        ]
        latest = max((r.reset_at for r in covering), default=None)
        if latest is None or result.decided_at > latest:
            kept.append(result)
    return kept


def runs(outcomes: Sequence[str], outcome: str) -> tuple[int, int]:
    """Return the longest run of ``outcome`` in ``outcomes`` and the run ending the list."""
    best = run = 0
    for each in outcomes:
        run = run + 1 if each == outcome else 0
        best = max(best, run)
    return best, run


def figures(results: Sequence[ResultRow]) -> Figures:
    """Return the figures of ``results`` (one variant and class, oldest first)."""
    outcomes = [result.outcome for result in results]
    wins = [result for result in results if result.outcome == "won"]
    best_streak, current_streak = runs(outcomes, "won")
    worst_losing, _ = runs(outcomes, "lost")
    finished = len(results)
    return Figures(
        finished=finished,
        won=len(wins),
        lost=finished - len(wins),
        win_rate=len(wins) / finished if finished else None,
        current_streak=current_streak,
        best_streak=best_streak,
        worst_losing_streak=worst_losing,
        best_score=max((w.score for w in wins), default=None),
        fewest_moves=min((w.moves for w in wins), default=None),
        fastest_win_ms=min((w.playing_ms for w in wins), default=None),
        average_moves=round(sum(w.moves for w in wins) / len(wins), 1) if wins else None,
        average_win_ms=round(sum(w.playing_ms for w in wins) / len(wins)) if wins else None,
    )


def same_class(
    results: Sequence[ResultRow],
    suits: int,
    rule: GroupRule,
    assisted: bool,
    variant: str = DEFAULT_VARIANT,
) -> list[ResultRow]:
    """Return the ``results`` of the variant ``variant`` (a game of the family) at
    ``suits``/``rule`` and the class ``assisted`` (order kept), daily games left out (they
    have their own row)."""
    return [
        r
        for r in results
        if (r.variant, r.suits, r.rule) == (variant, suits, rule)
        and r.assisted == assisted
        and r.daily_date is None
    ]


def daily_class(results: Sequence[ResultRow], assisted: bool) -> list[ResultRow]:
    """Return the daily games' ``results`` of the class ``assisted`` (order kept)."""
    return [r for r in results if r.daily_date is not None and r.assisted == assisted]


def record_class(results: Sequence[ResultRow], record: GameRecord) -> list[ResultRow]:
    """Return the ``results`` of the row ``record`` counts in: the daily row for a daily
    game, else its variant; and its class (assisted or not)."""
    if record.daily_date is not None:
        return daily_class(results, record.assisted)
    return same_class(results, record.suits, record.rule, record.assisted, record.variant)


def bests_set(earlier: Sequence[ResultRow], win: ResultRow) -> list[str]:
    """Return the personal bests ``win`` set against the ``earlier`` results of its
    variant and class: ``score``, ``moves``, ``time``. A first win sets none (there is no
    earlier win to beat: a decision of ours). A game the solver played (``solved``: "Show
    solution" played a move of it) sets none and is no best to beat: it is not the
    player's own (a decision of ours, docs/record.md)."""
    wins = [r for r in earlier if r.outcome == "won" and not r.solved]
    if not wins or win.solved:
        return []
    kinds = []
    if win.score > max(r.score for r in wins):
        kinds.append("score")
    if win.moves < min(r.moves for r in wins):
        kinds.append("moves")
    if win.playing_ms < min(r.playing_ms for r in wins):
        kinds.append("time")
    return kinds


def wins_by_stars(results: Sequence[ResultRow]) -> list[tuple[int, int, int]]:
    """Return ``(stars, finished, won)`` for each deal level (1-3) that ``results`` (one
    variant, both classes) have a game of, gentlest first: the level is looked up from
    each result's code (:func:`spider_solitaire.levels.level_of`); a deal that is not
    rated (or a game from a position) is in no level."""
    split: dict[int, list[str]] = {}
    for result in results:
        stars = level_of(result.code) if result.code is not None else None
        if stars is not None:
            split.setdefault(stars, []).append(result.outcome)
    return [
        (stars, len(split[stars]), split[stars].count("won")) for stars in LEVELS if stars in split
    ]
