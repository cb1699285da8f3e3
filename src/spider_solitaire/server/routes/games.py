"""``/api/games``: start a game, resume the current one, read one by id."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from ..games import GameService
from ..players import ensure_player, set_player_cookie
from ..schemas import GameState, NewGameRequest
from .deps import error_responses, get_service, json_response, player_cookie, run_blocking

router = APIRouter(prefix="/api/games", tags=["games"])

Service = Annotated[GameService, Depends(get_service)]
Player = Annotated[str | None, Depends(player_cookie)]


@router.post(
    "",
    status_code=201,
    response_model=GameState,
    responses=error_responses(400, 413),
    summary="Start a new game",
)
async def create_game(
    body: NewGameRequest, request: Request, service: Service, player: Player
) -> Response:
    """Deal a game from a code, from suits and a rule (a random seed), or from a position;
    it becomes the player's current game. Sets the player cookie on a first visit."""

    def work() -> tuple[str, bool, bytes]:
        player_id, is_new = ensure_player(service.store, player)
        return player_id, is_new, service.state_json(service.create(player_id, body))

    player_id, is_new, state = await run_blocking(service, work)
    response = json_response(state, status_code=201)
    if is_new:
        set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return response


@router.get(
    "/current",
    response_model=GameState,
    responses=error_responses(404),
    summary="The player's current game",
)
async def current_game(service: Service, player: Player) -> Response:
    """Return the game the player started or played last (404 ``no_game`` if none)."""
    return json_response(
        await run_blocking(service, lambda: service.state_json(service.current(player)))
    )


@router.get(
    "/{game_id}",
    response_model=GameState,
    responses=error_responses(404),
    summary="One game",
)
async def get_game(game_id: str, service: Service, player: Player) -> Response:
    """Return the player's game ``game_id`` (404 ``not_found`` for anyone else's)."""
    return json_response(
        await run_blocking(service, lambda: service.state_json(service.get(player, game_id)))
    )
