"""The solver's help: a hint, "Can I still win?", the solution one move at a time, undoing
several steps at once, and searches for winnable deals (docs/api.md)."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response

from ...events import Event
from ..assist import AssistService
from ..errors import pick_language
from ..players import ensure_player, set_player_cookie
from ..schemas import (
    ActionResult,
    AssistRequest,
    DealSearch,
    DealSearchRequest,
    ErrorBody,
    HintAnswer,
    RewindRequest,
    SolutionStep,
    WinCheck,
)
from .deps import error_responses, json_response, player_cookie

router = APIRouter(prefix="/api", tags=["assist"])

Player = Annotated[str | None, Depends(player_cookie)]


async def get_assist(request: Request) -> AssistService:
    """Return the app's :class:`AssistService` (made by ``create_app``)."""
    service: AssistService = request.app.state.assist
    return service


Assist = Annotated[AssistService, Depends(get_assist)]


def _responses(*statuses: int, solver: bool = False, **described: str) -> dict[int | str, Any]:
    """The documented error answers: :func:`error_responses`, with this router's own
    descriptions (``s422=...``) and 503 when a solver runs."""
    responses = error_responses(*statuses)
    for key, text in described.items():
        responses[int(key[1:])] = {"model": ErrorBody, "description": text}
    if solver:
        responses[409]["description"] += "; solve_cancelled: the same player asked again"
        responses[503] = {
            "model": ErrorBody,
            "description": "solver_busy (no free solver in time) or solver_failed",
        }
    return responses


def _language(request: Request) -> str:
    return pick_language(request.headers.get("accept-language"))


def _events_json(events: list[Event]) -> bytes:
    return json.dumps([event.to_dict() for event in events], separators=(",", ":")).encode()


@router.post(
    "/games/{game_id}/hint",
    response_model=HintAnswer,
    responses=_responses(400, 404, 409, 413, s422="game_won: nothing left to hint"),
    summary="A hint",
)
async def hint(
    game_id: str, body: AssistRequest, request: Request, assist: Assist, player: Player
) -> Response:
    """Suggest one action from what the player can see, with its reasons in the player's
    language; the game is marked assisted."""
    language = _language(request)
    loaded, view = await assist.hint(player, game_id, body.version, language)
    state = assist.games.state_json(loaded)
    return json_response(
        b'{"state":' + state + b',"hint":' + view.model_dump_json().encode() + b"}"
    )


@router.post(
    "/games/{game_id}/can-win",
    response_model=WinCheck,
    responses=_responses(400, 404, 409, 413, s422="game_won: nothing left to check", solver=True),
    summary="Can I still win?",
)
async def can_win(
    game_id: str, body: AssistRequest, request: Request, assist: Assist, player: Player
) -> Response:
    """Solve the current position (with the face-down cards, in the server): yes, no or
    unknown; when no, where in this game's history it could still be won. The game is
    marked assisted. A client that leaves stops the solve."""
    loaded, answer, seconds, where = await assist.can_win(
        player, game_id, body.version, request.is_disconnected
    )
    check = WinCheck(
        state=assist.games.state(loaded),
        answer=answer,  # type: ignore[arg-type]
        seconds=round(seconds, 3),
        last_winnable=where,
    )
    return json_response(check.model_dump_json().encode())


@router.post(
    "/games/{game_id}/solution/next",
    response_model=SolutionStep,
    responses=_responses(
        400,
        404,
        409,
        413,
        solver=True,
        s422="game_won, not_winnable (proved lost) or no_solution_found (not in time)",
    ),
    summary="Play the next move of the solution",
)
async def solution_next(
    game_id: str, body: AssistRequest, request: Request, assist: Assist, player: Player
) -> Response:
    """Play the next move of the solver's solution from the current position (solved once,
    then kept); answered like an action, with the move and the moves left. The game is
    marked assisted."""
    loaded, events, action, remaining = await assist.solution_step(
        player, game_id, body.version, request.is_disconnected
    )
    state = assist.games.state_json(loaded)
    tail = json.dumps({"action": action, "remaining": remaining})[1:].encode()
    return json_response(b'{"state":' + state + b',"events":' + _events_json(events) + b"," + tail)


@router.post(
    "/games/{game_id}/rewind",
    response_model=ActionResult,
    responses=_responses(400, 404, 409, 413, 422),
    summary="Undo several actions at once",
)
async def rewind(game_id: str, body: RewindRequest, assist: Assist, player: Player) -> Response:
    """Undo ``steps`` actions in one request (for example back to the last winnable
    position); each is recorded as an undo, so the version goes up by ``steps``."""
    loaded = await assist.blocking(assist.rewind, player, game_id, body.version, body.steps)
    return json_response(b'{"state":' + assist.games.state_json(loaded) + b',"events":[]}')


@router.post(
    "/winnable-deals",
    status_code=202,
    response_model=DealSearch,
    responses=_responses(400, 413),
    summary="Search for a winnable deal",
)
async def start_search(
    body: DealSearchRequest, request: Request, assist: Assist, player: Player
) -> Response:
    """Start dealing random games of ``suits`` and ``rule`` until the solver wins one; poll
    the answer's ``id``. When done, the won deal is the player's new current game. Sets
    the player cookie on a first visit."""
    player_id, is_new = await assist.blocking(ensure_player, assist.games.store, player)
    search = assist.start_search(player_id, body.suits, body.rule)
    view = assist.search_view(search, _language(request))
    response = json_response(view.model_dump_json().encode(), status_code=202)
    if is_new:
        set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return response


@router.get(
    "/winnable-deals/{search_id}",
    response_model=DealSearch,
    responses=_responses(404),
    summary="How a search for a winnable deal goes",
)
async def get_search(search_id: str, request: Request, assist: Assist, player: Player) -> Response:
    """Return the search's progress (deals tried), or its end: the new game or why not.
    A running search that nobody asks about for a while is cancelled."""
    search = assist.find_search(player, search_id)
    return json_response(assist.search_view(search, _language(request)).model_dump_json().encode())


@router.post(
    "/winnable-deals/{search_id}/stop",
    response_model=DealSearch,
    responses=_responses(404),
    summary="Stop a search for a winnable deal",
)
async def stop_search(search_id: str, request: Request, assist: Assist, player: Player) -> Response:
    """Stop the search (its solver process is killed) and answer how it ended; a search
    that has already ended is left as it is."""
    search = assist.stop_search(player, search_id)
    return json_response(assist.search_view(search, _language(request)).model_dump_json().encode())
