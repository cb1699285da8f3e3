"""``/api/games/{id}/actions`` (play a move, deal, undo, redo, restart or auto-move) and
``/api/games/{id}/rewind`` (undo several actions at once)."""

from __future__ import annotations

from fastapi import APIRouter

from ..schemas.actions import ActionRequest, ActionResult, RewindRequest
from ..schemas.events import event_views
from ..texts import announcement, rewound
from .deps import BAD_ID, Blocker, GameId, Language, Player, Service, error_responses

router = APIRouter(prefix="/api/games", tags=["actions"])


@router.post(
    "/{game_id}/actions",
    responses=error_responses(400, 404, 409, 413, 422),
    summary="Play an action",
)
async def play_action(
    game_id: GameId,
    body: ActionRequest,
    service: Service,
    blocking: Blocker,
    player: Player,
    language: Language,
) -> ActionResult:
    """Play ``body.action`` on the game at ``body.version``; it is saved before the answer.

    Answers the new state, the action's events (undo, redo and restart too) and what it
    did in one sentence, in the player's language.
    """

    def work() -> ActionResult:
        loaded, events = service.act(player, game_id, body)
        return ActionResult(
            state=service.state(loaded, language),
            events=event_views(events),
            announcement=announcement(body.value, events, language),
        )

    return await blocking(work)


@router.post(
    "/{game_id}/rewind",
    responses=error_responses(
        400, 404, 409, 413, s422="rewind_too_far: fewer actions can be undone; or " + BAD_ID
    ),
    summary="Undo several actions at once",
)
async def rewind(
    game_id: GameId,
    body: RewindRequest,
    service: Service,
    blocking: Blocker,
    player: Player,
    language: Language,
) -> ActionResult:
    """Undo ``steps`` actions in one request (for example back to the last winnable
    position); each is recorded as an undo, so the version goes up by ``steps``. Answers
    the events of the undos in order."""

    def work() -> ActionResult:
        loaded, events = service.rewind(player, game_id, body.version, body.steps)
        return ActionResult(
            state=service.state(loaded, language),
            events=event_views(events),
            announcement=rewound(body.steps, language),
        )

    return await blocking(work)
