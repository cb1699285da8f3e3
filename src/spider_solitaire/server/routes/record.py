"""The player's record: ``/api/stats`` (and its reset), ``/api/history``, opening a game
from it, replays (the owner's and shared ones), exports and transfer codes (docs/api.md,
docs/record.md)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import PlainTextResponse

from ...messages import message
from ..players import set_player_cookie
from ..schemas.record import (
    HistoryPage,
    OpenRequest,
    ReplayLog,
    ReplayStep,
    ResetRequest,
    ShareLink,
    Stats,
    TransferClaim,
    TransferClaimed,
    TransferCode,
)
from ..schemas.state import GameState
from .deps import (
    BAD_ID,
    TRANSFER_CLAIM_LIMIT,
    Blocker,
    Book,
    GameId,
    Language,
    Player,
    Service,
    ShareId,
    error_responses,
)

router = APIRouter(prefix="/api", tags=["record"])


@router.get("/stats", summary="The player's statistics")
async def stats(book: Book, blocking: Blocker, player: Player, language: Language) -> Stats:
    """The figures per variant (unassisted and assisted apart), the game in progress, the
    last 50 results, the scores over time and the counting rules in words."""
    return await blocking(book.stats, player, language)


@router.post("/stats/reset", responses=error_responses(400, 413), summary="Reset the figures")
async def reset_stats(
    body: ResetRequest, book: Book, blocking: Blocker, player: Player, language: Language
) -> Stats:
    """Reset the figures of one variant (``suits`` and ``rule``), of every rule of
    ``suits`` or every variant of ``rule`` (the other null), or all (``{}``); the history
    stays. Answers the statistics after it."""
    return await blocking(book.reset, player, body.suits, body.rule, language, body.variant)


@router.post(
    "/games/{game_id}/open",
    responses=error_responses(
        400,
        404,
        413,
        s409="confirm_needed: the current game would count as lost",
        s422=BAD_ID,
    ),
    summary="Open a game from the history",
)
async def open_game(
    game_id: GameId,
    body: OpenRequest,
    service: Service,
    blocking: Blocker,
    player: Player,
    language: Language,
) -> GameState:
    """Make the player's game ``game_id`` the current one: to play on, or to look at a
    finished one. Leaving the current game unfinished needs ``"confirm": ["abandon"]``."""
    return await blocking(
        lambda: service.state(service.open(player, game_id, body.confirm), language)
    )


@router.get("/history", responses=error_responses(400, s404="bad_page"), summary="The history")
async def history(
    book: Book,
    blocking: Blocker,
    player: Player,
    language: Language,
    page: Annotated[int, Query(ge=1, le=1_000_000)] = 1,
) -> HistoryPage:
    """The player's games, newest first, 20 a page (those with actions, and the current
    game): date, variant, code, status, score, moves, time, assisted."""
    return await blocking(book.history, player, page, language)


@router.get(
    "/games/{game_id}/replay", responses=error_responses(404, s422=BAD_ID), summary="A game's log"
)
async def replay_log(
    game_id: GameId, book: Book, blocking: Blocker, player: Player, language: Language
) -> ReplayLog:
    """The game's whole action log (undo, redo and restart included) with what each
    action did in words."""
    return await blocking(lambda: book.replay_log(book.owned(player, game_id), language))


@router.get(
    "/games/{game_id}/replay/{step}",
    responses=error_responses(404, s422=BAD_ID),
    summary="The table at a step of the replay",
)
async def replay_step(
    game_id: GameId, step: int, book: Book, blocking: Blocker, player: Player, language: Language
) -> ReplayStep:
    """The table after ``step`` log entries (0: the deal), as the player saw it then."""
    return await blocking(lambda: book.replay_step(book.owned(player, game_id), step, language))


@router.get(
    "/games/{game_id}/review/line/{step}",
    responses=error_responses(404, s422=BAD_ID),
    summary="The table along the solver's line in a game's review",
)
async def review_line_step(
    game_id: GameId, step: int, book: Book, blocking: Blocker, player: Player, language: Language
) -> ReplayStep:
    """The table after ``step`` moves of the solver's winning line from the position
    before the move that lost, by the game's kept review (0: that position); 404
    ``no_review_line`` when the game has no review naming a move that lost."""
    return await blocking(
        lambda: book.review_line_step(book.owned(player, game_id), step, language)
    )


@router.post(
    "/games/{game_id}/share",
    responses=error_responses(
        404, s409="not_finished: only a finished game is shared", s422=BAD_ID
    ),
    summary="Make a public replay link",
)
async def share(game_id: GameId, service: Service, blocking: Blocker, player: Player) -> ShareLink:
    """Make (or give again) the public replay link of a finished game of the player."""
    share_id = await blocking(service.share, player, game_id, True)
    assert share_id is not None
    return ShareLink(share_id=share_id, url=f"/replay/{share_id}")


@router.delete(
    "/games/{game_id}/share",
    status_code=204,
    responses=error_responses(404, s422=BAD_ID),
    summary="Remove the public replay link",
)
async def unshare(game_id: GameId, service: Service, blocking: Blocker, player: Player) -> Response:
    """Remove the game's public replay link: the old link then answers 404."""
    await blocking(service.share, player, game_id, False)
    return Response(status_code=204)


@router.get(
    "/replays/{share_id}", responses=error_responses(404, s422=BAD_ID), summary="A shared replay"
)
async def shared_log(
    share_id: ShareId, book: Book, blocking: Blocker, language: Language
) -> ReplayLog:
    """The shared game's action log, for anyone with the link (nothing else of the
    owner's)."""
    return await blocking(lambda: book.replay_log(book.shared(share_id), language))


@router.get(
    "/replays/{share_id}/{step}",
    responses=error_responses(404, s422=BAD_ID),
    summary="The table at a step of a shared replay",
)
async def shared_step(
    share_id: ShareId, step: int, book: Book, blocking: Blocker, language: Language
) -> ReplayStep:
    """As ``/api/games/{id}/replay/{step}``, for anyone with the link; the state's ``id``
    is the share id."""
    return await blocking(
        lambda: book.replay_step(book.shared(share_id), step, language, shown_id=share_id)
    )


@router.get(
    "/games/{game_id}/export",
    response_class=Response,
    responses={
        200: {
            "content": {"text/plain": {"schema": {"type": "string"}}},
            "description": "the game record, as a file to download",
        },
        **error_responses(404, s422=BAD_ID),
    },
    summary="Export the game record",
)
async def export(game_id: GameId, book: Book, blocking: Blocker, player: Player) -> Response:
    """The game as a full game record (every action, undo, redo and restart included),
    as a text file to download; ``spider replay`` reads it."""
    text, name = await blocking(lambda: book.export(book.owned(player, game_id)))
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.post("/transfer", responses=error_responses(404), summary="Make a transfer code")
async def transfer(book: Book, blocking: Blocker, player: Player) -> TransferCode:
    """A one-time code (10 minutes) that moves this browser's record to another."""
    return await blocking(book.transfer, player)


@router.post(
    "/transfer/claim",
    responses=error_responses(
        400, 413, 429, s404="transfer_unknown", s410="transfer_used or transfer_expired"
    ),
    summary="Claim a transfer code",
    dependencies=[TRANSFER_CLAIM_LIMIT],
)
async def claim(
    body: TransferClaim,
    request: Request,
    response: Response,
    book: Book,
    blocking: Blocker,
    language: Language,
) -> TransferClaimed:
    """Use a transfer code: this browser's cookie becomes the record's player. Every try
    counts against the address's limit (429 ``rate_limited``), so that nobody guesses
    codes one after another."""
    player_id = await blocking(book.claim, body.code)
    set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return TransferClaimed(message=message("record", "transfer_claimed", language))
