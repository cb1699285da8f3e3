"""The player's record from the ``results`` table: figures, streaks, bests, and how one game
stands (docs/record.md has the rules in words).

Everything here reads; the results are written only by :class:`~.store.Store` in the
transaction of the action or abandon that decides a game (through
:class:`~.games.GameService`). Figures are computed from the result rows as written, never
from a game's current position.

Definitions (decisions of ours where Spider has no single answer):

* a result belongs to its variant (suits, rule) and class (assisted or not); the figures
  of a variant count only results decided after the latest reset that covers it;
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
from dataclasses import replace
from datetime import UTC, datetime

from ..game import Game
from .schemas.record import Figures
from .schemas.state import RecordView, WinSummary
from .store import GameRecord, ResetRow, ResultRow, Store
from .texts import best_texts, summary_text


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
            if (r.suits is None and r.rule is None)
            or (result.daily_date is None and r.covers(result.suits, result.rule))
        ]
        latest = max((r.reset_at for r in covering), default=None)
        if latest is None or result.decided_at > latest:
            kept.append(result)
    return kept


def _runs(outcomes: Sequence[str], outcome: str) -> tuple[int, int]:
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
    best_streak, current_streak = _runs(outcomes, "won")
    worst_losing, _ = _runs(outcomes, "lost")
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
    results: Sequence[ResultRow], suits: int, rule: str, assisted: bool
) -> list[ResultRow]:
    """Return the ``results`` of the variant ``suits``/``rule`` and the class
    ``assisted`` (order kept), daily games left out (they have their own row)."""
    return [
        r
        for r in results
        if r.suits == suits and r.rule == rule and r.assisted == assisted and r.daily_date is None
    ]


def daily_class(results: Sequence[ResultRow], assisted: bool) -> list[ResultRow]:
    """Return the daily games' ``results`` of the class ``assisted`` (order kept)."""
    return [r for r in results if r.daily_date is not None and r.assisted == assisted]


def record_class(results: Sequence[ResultRow], record: GameRecord) -> list[ResultRow]:
    """Return the ``results`` of the row ``record`` counts in: the daily row for a daily
    game, else its variant; and its class (assisted or not)."""
    if record.daily_date is not None:
        return daily_class(results, record.assisted)
    return same_class(results, record.suits, record.rule, record.assisted)


def bests_set(earlier: Sequence[ResultRow], win: ResultRow) -> list[str]:
    """Return the personal bests ``win`` set against the ``earlier`` results of its
    variant and class: ``score``, ``moves``, ``time``. A first win sets none (there is no
    earlier win to beat: a decision of ours)."""
    wins = [r for r in earlier if r.outcome == "won"]
    if not wins:
        return []
    kinds = []
    if win.score > max(r.score for r in wins):
        kinds.append("score")
    if win.moves < min(r.moves for r in wins):
        kinds.append("moves")
    if win.playing_ms < min(r.playing_ms for r in wins):
        kinds.append("time")
    return kinds


def standing_view(store: Store, record: GameRecord, game: Game, language: str) -> RecordView:
    """Return how the game ``record`` (``game`` at its version) stands in its player's
    record, with the win summary when ``game`` is won (see :class:`.schemas.state.RecordView`).
    Reads the player's results only for a won game."""
    summary = None
    if game.is_won:
        position = game.position
        score, moves, ms = position.score, position.move_count, record.playing_ms
        assisted = record.assisted
        streak, bests = 0, []
        if record.outcome == "won":
            # the counted win, as written when it was decided: undoing to look around, a
            # hint or more time after it change neither its figures nor its class
            every = store.results(record.player_id)
            counted = next((r for r in every if r.game_id == record.id), None)
            if counted is not None:
                score, moves, ms = counted.score, counted.moves, counted.playing_ms
                assisted = counted.assisted
            results = after_resets(every, store.resets(record.player_id))
            ours = record_class(results, replace(record, assisted=assisted))
            index = next((i for i, r in enumerate(ours) if r.game_id == record.id), None)
            if index is not None:
                win = ours[index]
                _, streak = _runs([r.outcome for r in ours[: index + 1]], "won")
                bests = best_texts(bests_set(ours[:index], win), score, moves, ms, language)
        summary = WinSummary(
            score=score,
            moves=moves,
            playing_ms=ms,
            assisted=assisted,
            streak=streak,
            bests=bests,
            text=summary_text(
                score,
                moves,
                ms,
                streak=streak,
                bests=bests,
                assisted=assisted,
                practice=record.practice,
                lost_before=record.outcome == "lost",
                language=language,
            ),
        )
    return RecordView(
        practice=record.practice,
        outcome=record.outcome if record.outcome in ("won", "lost") else None,  # type: ignore[arg-type]
        counted=record.outcome is not None,
        playing_ms=record.playing_ms,
        started_at=iso(record.created_at),
        finished_won=record.finished_won_at is not None or game.is_won,
        summary=summary,
    )
