"""``/api/games/{id}/actions``: play a move, deal, undo, redo, restart or auto-move."""

from __future__ import annotations

import json
from typing import Annotated

from fastapi import APIRouter, Depends, Response

from ..games import GameService
from ..schemas import ActionRequest, ActionResult
from .deps import error_responses, get_service, json_response, player_cookie, run_blocking

router = APIRouter(prefix="/api/games", tags=["actions"])


@router.post(
    "/{game_id}/actions",
    response_model=ActionResult,
    responses=error_responses(400, 404, 409, 413, 422),
    summary="Play an action",
)
async def play_action(
    game_id: str,
    body: ActionRequest,
    service: Annotated[GameService, Depends(get_service)],
    player: Annotated[str | None, Depends(player_cookie)],
) -> Response:
    """Play ``body.action`` on the game at ``body.version``; it is saved before the answer.

    Answers the new state and the action's events (none for undo and restart).
    """

    def work() -> bytes:
        loaded, events = service.act(player, game_id, body)
        events_json = json.dumps([event.to_dict() for event in events], separators=(",", ":"))
        return (
            b'{"state":' + service.state_json(loaded) + b',"events":' + events_json.encode() + b"}"
        )

    return json_response(await run_blocking(service, work))
