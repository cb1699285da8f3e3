"""The player's record as the routes show it: statistics, the history, replays of the
whole action log, exported game records and transfer codes (docs/record.md, docs/api.md).

:class:`RecordBook` reads through the :class:`~.games.GameService` and its store; the only
writes here are the player's own rows besides the games (a reset of the figures, a
transfer code); games are written by the service alone (opening one, a share link).
"""

from __future__ import annotations

from datetime import timedelta

from .games import GameService
from .record import after_resets, figures, iso, same_class
from .schemas import (
    HistoryStatus,
    InProgress,
    LastResult,
    RuleName,
    ScorePoint,
    Stats,
    SuitCount,
    VariantStats,
)
from .store import GameRecord
from .texts import rules_help, variant_label

HISTORY_PAGE = 20
"""Games on a page of the history."""

LAST_RESULTS = 50
"""Results in the strip of the last games."""

SCORES_KEPT = 200
"""Scores in the score-over-time picture (the latest ones)."""

ALWAYS_SHOWN: tuple[tuple[SuitCount, RuleName], ...] = (
    (1, "classic"),
    (2, "classic"),
    (4, "classic"),
)
"""Variants the statistics always list (others once they have a result)."""

TRANSFER_LIFETIME = timedelta(minutes=10)
"""How long a transfer code can be claimed (a decision of ours)."""

TRANSFER_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters of a transfer code: no 0/O or 1/I, which are read one for the other."""


def history_status(record: GameRecord, won_now: bool) -> HistoryStatus:
    """Return a game's status in the history: ``practice`` or ``practice_won``; ``won``;
    ``lost`` or ``lost_then_won``; ``playing`` (undecided)."""
    finished_won = record.finished_won_at is not None or won_now
    if record.practice:
        return "practice_won" if finished_won else "practice"
    if record.outcome == "won":
        return "won"
    if record.outcome == "lost":
        return "lost_then_won" if finished_won else "lost"
    return "won" if won_now else "playing"


class RecordBook:
    """Statistics, history, replays, exports and transfers for the routes.

    Args:
        service: the game service (and through it the store).
    """

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.store = service.store

    # --- statistics ---------------------------------------------------------------

    def stats(self, player_id: str | None, language: str) -> Stats:
        """Return the player's statistics (see :class:`.schemas.Stats`); a player with no
        cookie gets empty ones."""
        results = []
        current = None
        if player_id is not None:
            results = after_resets(self.store.results(player_id), self.store.resets(player_id))
            current = self.store.current_game(player_id)
        variants = set(ALWAYS_SHOWN) | {(r.suits, r.rule) for r in results}
        rows = []
        for suits, rule in sorted(variants):
            rows.append(
                VariantStats(
                    suits=suits,  # type: ignore[arg-type]
                    rule=rule,  # type: ignore[arg-type]
                    label=variant_label(suits, rule, language),
                    unassisted=figures(same_class(results, suits, rule, False)),
                    assisted=figures(same_class(results, suits, rule, True)),
                )
            )
        in_progress = None
        if current is not None and current.version > 0 and not current.decided:
            game = self.service.get(player_id, current.id).game
            if not game.is_won:
                in_progress = InProgress(
                    game_id=current.id,
                    label=variant_label(current.suits, current.rule, language),
                    moves=game.position.move_count,
                    playing_ms=current.playing_ms,
                )
        return Stats(
            variants=rows,
            in_progress=in_progress,
            last_results=[
                LastResult(
                    game_id=r.game_id,
                    outcome=r.outcome,  # type: ignore[arg-type]
                    decided_at=iso(r.decided_at),
                    label=variant_label(r.suits, r.rule, language),
                )
                for r in results[-LAST_RESULTS:]
            ],
            scores=[
                ScorePoint(decided_at=iso(r.decided_at), score=r.score, outcome=r.outcome)  # type: ignore[arg-type]
                for r in results[-SCORES_KEPT:]
            ],
            rules_help=rules_help(language),
        )

    def reset(
        self, player_id: str | None, suits: int | None, rule: str | None, language: str
    ) -> Stats:
        """Reset the player's figures of ``suits``/``rule`` (None: all of them); the
        history and the results stay. Return the statistics after it."""
        if player_id is not None:
            self.store.add_reset(player_id, suits, rule)
        return self.stats(player_id, language)
