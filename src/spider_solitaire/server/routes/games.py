"""``/api/games``: start a game, resume the current one, read one by id."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response

from ..games import GameService
from ..players import ensure_player, set_player_cookie
from ..schemas import GameState, NewGameRequest
from .deps import error_responses, get_service, player_cookie

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
def create_game(
    body: NewGameRequest, request: Request, response: Response, service: Service, player: Player
) -> GameState:
    """Deal a game from a code, from suits and a rule (a random seed), or from a position;
    it becomes the player's current game. Sets the player cookie on a first visit."""
    player_id, is_new = ensure_player(service.store, player)
    loaded = service.create(player_id, body)
    if is_new:
        set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return service.state(loaded)


@router.get(
    "/current",
    response_model=GameState,
    responses=error_responses(404),
    summary="The player's current game",
)
def current_game(service: Service, player: Player) -> GameState:
    """Return the game the player started or played last (404 ``no_game`` if none)."""
    return service.state(service.current(player))


@router.get(
    "/{game_id}",
    response_model=GameState,
    responses=error_responses(404),
    summary="One game",
)
def get_game(game_id: str, service: Service, player: Player) -> GameState:
    """Return the player's game ``game_id`` (404 ``not_found`` for anyone else's)."""
    return service.state(service.get(player, game_id))
