"""``/api/games``: start a game, resume the current one, read one by id."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from ...cards import SUIT_COUNTS
from ...levels import levels_offered
from ...messages import message
from ...variants import VARIANTS, rule_for
from ..errors import ApiError
from ..games import GameService
from ..levels import level_note, with_note
from ..players import set_player_cookie
from ..rule_links import RULES_PATH
from ..schemas.games import (
    NewGameFromSuits,
    NewGameRequest,
    StarsOffer,
    SuitsOffer,
    VariantOffer,
)
from ..schemas.state import GameState
from .deps import (
    BAD_ID,
    NEW_GAME_LIMIT,
    Blocker,
    GameId,
    Language,
    Player,
    Service,
    error_responses,
)

router = APIRouter(prefix="/api/games", tags=["games"])


@router.post(
    "",
    status_code=201,
    responses=error_responses(
        400,
        413,
        429,
        s409="confirm_needed: confirm abandon (the current game counts as lost) "
        "or practice (a deal already won)",
    ),
    summary="Start a new game",
    dependencies=[NEW_GAME_LIMIT],
)
async def create_game(
    body: NewGameRequest,
    request: Request,
    response: Response,
    service: Service,
    blocking: Blocker,
    player: Player,
    language: Language,
) -> GameState:
    """Deal a game from a code, from suits and a rule (a random seed), or from a position;
    it becomes the player's current game. Leaving the current game unfinished, or playing
    a deal already won, needs ``confirm`` (docs/record.md). Sets the player cookie on a
    first visit."""

    def work() -> tuple[str, bool, GameState]:
        player_id, is_new = service.player(player)
        if isinstance(body, NewGameFromSuits) and body.stars is not None:
            return player_id, is_new, _of_level(service, player_id, body, language)
        return player_id, is_new, service.state(service.create(player_id, body), language)

    player_id, is_new, state = await blocking(work)
    if is_new:
        set_player_cookie(response, player_id, secure=request.url.scheme == "https")
    return state


def _of_level(
    service: GameService, player_id: str, body: NewGameFromSuits, language: str
) -> GameState:
    """Start a new game of the level ``body`` asks for; its state says which fallback was
    taken when the player has played every deal of the level (:func:`.levels.level_note`,
    read before the game is made)."""
    assert body.stars is not None
    rule = rule_for(body.rule, body.suits)
    note = level_note(service.store, player_id, body.variant, body.suits, rule, body.stars)
    state = service.state(service.create(player_id, body), language)
    return with_note(state, note, body.stars, language)


@router.get(
    "/current",
    response_model=GameState,
    responses={
        **error_responses(404),
        204: {"description": "With ``optional=true``: the player has no game yet."},
    },
    summary="The player's current game",
)
async def current_game(
    service: Service, blocking: Blocker, player: Player, language: Language, optional: bool = False
) -> GameState | Response:
    """Return the game the player started or played last (404 ``no_game`` if none; with
    ``optional=true``, 204 and no body instead: having no game yet is no error, and the
    page asks so on a first visit without logging one)."""
    try:
        return await blocking(lambda: service.state(service.current(player), language))
    except ApiError as error:
        if optional and error.reason == "no_game":
            return Response(status_code=204)
        raise


@router.get("/variants", summary="The games of the family offered")
async def variants(language: Language) -> list[VariantOffer]:
    """Return every game of the family, from the registry, ``spider`` first (the New game
    window offers them in this order; a variant added to the registry is listed here with
    no other change)."""
    return [
        VariantOffer(
            name=variant.name,
            title=message("variants", variant.title_key, language),
            columns=variant.columns,
            runs=variant.runs,
            winnable=True,  # its stock (winnable.py), then the search, in every variant
            rules=f"{RULES_PATH}#variant-{variant.name}",
            levels=[
                SuitsOffer(
                    suits=suits,
                    group_rules=list(variant.rules_for(suits)),
                    deal_levels=[
                        StarsOffer(rule=rule, stars=list(levels_offered(suits, rule, variant.name)))
                        for rule in variant.rules_for(suits)
                    ],
                )
                for suits in SUIT_COUNTS
            ],
        )
        for variant in VARIANTS
    ]


@router.get("/{game_id}", responses=error_responses(404, s422=BAD_ID), summary="One game")
async def get_game(
    game_id: GameId, service: Service, blocking: Blocker, player: Player, language: Language
) -> GameState:
    """Return the player's game ``game_id`` (404 ``not_found`` for anyone else's)."""
    return await blocking(lambda: service.state(service.get(player, game_id), language))
