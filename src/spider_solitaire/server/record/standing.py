"""How one game stands in its player's record: :func:`standing_view`, the record part of a
game's state (counted or practice, playing time, and the win summary of a won game: its
figures as counted, the streak it extends and the personal bests it sets)."""

from __future__ import annotations

from dataclasses import replace

from ...game import Game
from ..db import GameRecord, Store
from ..schemas.common import outcome
from ..schemas.state import RecordView, WinSummary
from ..texts import best_texts, summary_note, summary_text
from .figures import after_resets, bests_set, iso, record_class, runs


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
            every = store.record.results(record.player_id)
            counted = next((r for r in every if r.game_id == record.id), None)
            if counted is not None:
                score, moves, ms = counted.score, counted.moves, counted.playing_ms
                assisted = counted.assisted
            results = after_resets(every, store.record.resets(record.player_id))
            ours = record_class(results, replace(record, assisted=assisted))
            index = next((i for i, r in enumerate(ours) if r.game_id == record.id), None)
            if index is not None:
                win = ours[index]
                _, streak = runs([r.outcome for r in ours[: index + 1]], "won")
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
            note=summary_note(
                practice=record.practice, lost_before=record.outcome == "lost", language=language
            ),
        )
    return RecordView(
        practice=record.practice,
        outcome=outcome(record.outcome),
        counted=record.outcome is not None,
        playing_ms=record.playing_ms,
        started_at=iso(record.created_at),
        finished_won=record.finished_won_at is not None or game.is_won,
        summary=summary,
    )
