"""Help: a hint, can-win ("Can I still win?"), the solution one move at a time, and
searches for winnable deals (docs/api.md). Undoing several steps at once is in
:mod:`.actions`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from ..players import set_player_cookie
from ..schemas.help import (
    CanWinAnswer,
    CanWinRequest,
    DealSearch,
    DealSearchRequest,
    HelpRequest,
    HintAnswer,
    SolutionStep,
)
from .deps import (
    BAD_ID,
    NEW_GAME_LIMIT,
    SOLVER_LIMIT,
    Asking,
    Blocker,
    GameId,
    Help,
    Language,
    Player,
    SearchId,
    Service,
    error_responses,
)

router = APIRouter(prefix="/api", tags=["help"])

SOLVER_409 = (
    "stale_version (with the current state), or solve_cancelled: the same player asked again"
)
"""A solver route's 409."""


def game_help_responses(s422: str) -> dict[int | str, dict[str, Any]]:
    """The error answers of a help request on a game (hint, can-win, the solution's next
    move): 400, 404, 413, 429, 503, the solver's 409s, and 422 ``s422`` or ``bad_id``."""
    return error_responses(400, 404, 413, 429, 503, s409=SOLVER_409, s422=f"{s422}; or {BAD_ID}")


@router.post(
    "/games/{game_id}/hint",
    responses=game_help_responses("game_won: nothing left to hint"),
    summary="A hint",
    dependencies=[SOLVER_LIMIT],
)
async def hint(game_id: GameId, body: HelpRequest, helper: Help, asker: Asking) -> HintAnswer:
    """Suggest one action from what the player can see, with its sentences in the
    player's language; the game is marked assisted."""
    return await helper.hints.hint(asker, game_id, body.version)


@router.post(
    "/games/{game_id}/can-win",
    responses=game_help_responses("game_won: nothing left to check"),
    summary="Can I still win?",
    dependencies=[SOLVER_LIMIT],
)
async def can_win(
    game_id: GameId, body: CanWinRequest, helper: Help, asker: Asking
) -> CanWinAnswer:
    """Solve the current position (with the face-down cards, in the server): yes, no or
    unknown; when no, where in this game's history it could still be won; the answer in
    words in the player's language. The game is marked assisted. A client that leaves
    stops the solve. ``"limit": "long"`` gives the solver the server's longer limit."""
    return await helper.can_win.answer(asker, game_id, body.version, long=body.limit == "long")


@router.post(
    "/games/{game_id}/solution/next",
    responses=game_help_responses(
        "game_won, not_winnable (proved lost) or no_solution_found (not in time)"
    ),
    summary="Play the next move of the solution",
    dependencies=[SOLVER_LIMIT],
)
async def solution_next(
    game_id: GameId, body: HelpRequest, helper: Help, asker: Asking
) -> SolutionStep:
    """Play the next move of the solver's solution from the current position (solved once,
    then kept); answered like an action, with the move, the moves left and the panel's
    sentence. The game is marked assisted."""
    return await helper.solutions.next_step(asker, game_id, body.version)


@router.post(
    "/winnable-deals",
    status_code=202,
    responses=error_responses(
        400,
        413,
        429,
        503,
        s409="confirm_needed: the current game would count as lost (confirm abandon)",
    ),
    summary="A winnable deal: from the stock at once, or a search",
    dependencies=[SOLVER_LIMIT, NEW_GAME_LIMIT],
)
async def start_search(
    body: DealSearchRequest,
    request: Request,
    response: Response,
    service: Service,
    blocking: Blocker,
    helper: Help,
    player: Player,
    language: Language,
) -> DealSearch:
    """Give the player a deal of ``suits`` and ``rule`` proved winnable that they have not
    played, from the shipped stock, at once (``done``, ``stock`` true); once they have
    played the whole stock, start dealing random games until the solver wins one, and
    poll the answer's ``id``. When done, the deal is the player's new current game. Sets
    the player cookie on a first visit."""
    player_id, is_new = await blocking(service.player, player)
    await blocking(service.check_leaving, player_id, body.confirm)
    searches = helper.deal_searches
    address = request.client.host if request.client is not None else None
    search = await searches.start(player_id, body.suits, body.rule, body.confirm, address)
    if is_new:
        set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return searches.view(search, language)


SEARCH = "/winnable-deals/{search_id}"
"""One search for a winnable deal."""
STOP = SEARCH + "/stop"
"""Stopping it."""


@router.get(
    SEARCH,
    responses=error_responses(404, s422=BAD_ID),
    summary="How a search for a winnable deal goes",
)
async def get_search(
    search_id: SearchId, helper: Help, player: Player, language: Language
) -> DealSearch:
    """Return the search's progress (deals tried), or its end: the new game or why not.
    A running search that nobody asks about for a while is cancelled; one whose server
    process went away is ended (``search_interrupted``) by this poll."""
    searches = helper.deal_searches
    return searches.view(searches.find(player, search_id), language)


@router.post(
    STOP, responses=error_responses(404, s422=BAD_ID), summary="Stop a search for a winnable deal"
)
async def stop_search(
    search_id: SearchId, helper: Help, player: Player, language: Language
) -> DealSearch:
    """Stop the search (its solver process is killed) and answer how it ended; a search
    that has already ended is left as it is."""
    searches = helper.deal_searches
    return searches.view(searches.stop(player, search_id), language)
