"""The player's record: ``/api/stats`` (and its reset), ``/api/history``, opening a game
from it, replays (the owner's and shared ones), exports and transfer codes (docs/api.md,
docs/record.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from ..recordbook import RecordBook
from ..schemas import GameState, OpenRequest, ResetRequest, Stats
from .deps import Language, Player, Service, error_responses


async def get_book(request: Request) -> RecordBook:
    """Return the app's :class:`RecordBook` (made by ``create_app``)."""
    book: RecordBook = request.app.state.record
    return book


Book = Annotated[RecordBook, Depends(get_book)]

router = APIRouter(prefix="/api", tags=["record"])


@router.get("/stats", summary="The player's statistics")
async def stats(book: Book, service: Service, player: Player, language: Language) -> Stats:
    """The figures per variant (unassisted and assisted apart), the game in progress, the
    last 50 results, the scores over time and the counting rules in words."""
    return await service.blocking(book.stats, player, language)


@router.post("/stats/reset", responses=error_responses(400, 413), summary="Reset the figures")
async def reset_stats(
    body: ResetRequest, book: Book, service: Service, player: Player, language: Language
) -> Stats:
    """Reset the figures of one variant (``suits`` and ``rule``), of every rule of
    ``suits`` or every variant of ``rule`` (the other null), or all (``{}``); the history
    stays. Answers the statistics after it."""
    return await service.blocking(book.reset, player, body.suits, body.rule, language)


@router.post(
    "/games/{game_id}/open",
    responses=error_responses(
        400, 404, 413, s409="confirm_needed: the current game would count as lost"
    ),
    summary="Open a game from the history",
)
async def open_game(
    game_id: str, body: OpenRequest, service: Service, player: Player, language: Language
) -> GameState:
    """Make the player's game ``game_id`` the current one: to play on, or to look at a
    finished one. Leaving the current game unfinished needs ``"confirm": ["abandon"]``."""
    return await service.blocking(
        lambda: service.state(service.open(player, game_id, body.confirm), language)
    )
