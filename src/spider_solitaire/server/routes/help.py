"""Help: a hint, can-win ("Can I still win?"), the solution one move at a time, the notice's
check of the last action (can-win, the solution's solve and the notice as help jobs to
poll), and searches for winnable deals (docs/api.md). Undoing several steps at once is
in :mod:`.actions`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from ..players import set_player_cookie
from ..schemas.help import (
    CanWinRequest,
    DealSearch,
    DealSearchRequest,
    HelpJob,
    HelpRequest,
    HintAnswer,
    HintRequest,
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
    HelpJobId,
    Language,
    Limiter,
    Player,
    SearchId,
    Service,
    error_responses,
)

router = APIRouter(prefix="/api", tags=["help"])

SOLVER_409 = (
    "stale_version (with the current state); not_current (with the state of the game the "
    "player is playing now): a game the player left; or solve_cancelled: the same player "
    "asked again"
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
async def hint(game_id: GameId, body: HintRequest, helper: Help, asker: Asking) -> HintAnswer:
    """Suggest one action from what the player can see, with its sentences in the
    player's language: the best (``index`` 0) or the next good one (``index`` 1, 2...,
    round again, ranked by estimated chance), with its estimated chance and the nodes
    spent; ``"think_longer": true`` gives the search ten times the node budget. The game
    is marked assisted (once)."""
    return await helper.hints.hint(
        asker, game_id, body.version, body.index, longer=body.think_longer
    )


HELP_JOB_202: dict[int | str, dict[str, Any]] = {
    202: {
        "model": HelpJob,
        "description": "Accepted: the answer is worked out as a job; poll "
        "GET /api/help-jobs/{help_job_id} (from any server process)",
    }
}
"""The 202 of a route that answers with a help job to poll."""


@router.post(
    "/games/{game_id}/can-win",
    status_code=202,
    responses=game_help_responses("game_won: nothing left to check"),
    summary="Can I still win?",
    dependencies=[SOLVER_LIMIT],
)
async def can_win(game_id: GameId, body: CanWinRequest, helper: Help, asker: Asking) -> HelpJob:
    """Start solving the current position (with the face-down cards, in the server) as a
    job to poll (``GET /api/help-jobs/{id}``): once done, its ``can_win`` is yes, no or
    unknown; when no, where in this game's history it could still be won; the answer in
    words in the player's language. The game is marked assisted. ``"limit": "long"``
    gives the solver the server's longer limit ("Keep thinking"). A position whose
    solution the server keeps is answered at once (the job comes back done)."""
    answers = helper.help_jobs
    long = body.limit == "long"
    job = await answers.start_can_win(asker, game_id, body.version, long=long)
    return answers.view(job, asker.language)


@router.post(
    "/games/{game_id}/solution/next",
    responses={
        **game_help_responses("game_won"),
        **HELP_JOB_202,
    },
    summary="Play the next move of the solution",
)
async def solution_next(
    game_id: GameId,
    body: HelpRequest,
    helper: Help,
    asker: Asking,
    response: Response,
    limiter: Limiter,
    blocking: Blocker,
) -> SolutionStep | HelpJob:
    """Play the next move of the solver's solution from the current position (solved once,
    then kept); answered like an action, with the move, the moves left and the panel's
    sentence. The game is marked assisted. When no solution of this position is kept yet,
    the answer is 202 with a job that solves it (poll it; once ``done``, ask again; when
    ``failed``, its reason is ``not_winnable`` or ``no_solution_found``). Only that solve
    counts as a solver request (429 ``rate_limited`` over the limit): a move of a kept
    solution runs no solver, so a long solution plays to its end (a decision of ours)."""
    step = await helper.solutions.next_step(asker, game_id, body.version)
    if step is not None:
        return step
    await blocking(limiter.check, "solver", asker.address, asker.player)
    answers = helper.help_jobs
    job = await answers.start_solution(asker, game_id, body.version)
    response.status_code = 202
    return answers.view(job, asker.language)


@router.post(
    "/games/{game_id}/notice",
    status_code=202,
    responses=game_help_responses(
        "game_won: nothing left to check; nothing_to_undo: no action to check"
    ),
    summary="Did my last action lose the deal?",
    dependencies=[SOLVER_LIMIT],
)
async def notice(game_id: GameId, body: HelpRequest, helper: Help, asker: Asking) -> HelpJob:
    """Start checking, as a job to poll (``GET /api/help-jobs/{id}``), whether the game's
    last action that stands (the one undo takes back) lost a deal that could still be won:
    the positions before and after it solved with the face-down cards, in the server,
    within the player's share of the solvers ("Tell me when a move loses the deal", a
    setting of the page). Once done, its ``notice`` is ``lost_it``, ``fine`` or
    ``unknown`` (not settled in time: no notice) for the job's ``version``, withheld
    (``stale``) once the game has moved on. A ``lost_it`` answer handed to the player
    marks the game assisted. The player's older check still running is cancelled."""
    answers = helper.help_jobs
    job = await answers.start_notice(asker, game_id, body.version)
    return answers.view(job, asker.language)


HELP_JOB = "/help-jobs/{help_job_id}"
"""One help job."""


@router.get(
    HELP_JOB,
    responses=error_responses(404, s422=BAD_ID),
    summary="How a help job goes",
)
async def get_help_job(
    help_job_id: HelpJobId, helper: Help, player: Player, language: Language
) -> HelpJob:
    """Return the help job's progress, or its end: the can-win answer, the solution
    kept, or why not. A running job that nobody asks about for a while is cancelled; one
    whose server process went away is ended (``search_interrupted``) by this poll."""
    answers = helper.help_jobs
    return answers.view(answers.find(player, help_job_id), language)


@router.post(
    HELP_JOB + "/stop",
    responses=error_responses(404, s422=BAD_ID),
    summary="Stop a help job",
)
async def stop_help_job(
    help_job_id: HelpJobId, helper: Help, player: Player, language: Language
) -> HelpJob:
    """Stop the help job (its solver process is killed) and answer how it ended
    (``cancelled``, ``stopped``); one that has already ended is left as it is."""
    answers = helper.help_jobs
    return answers.view(answers.stop(player, help_job_id), language)


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
    """Give the player a deal of ``variant``, ``suits`` and ``rule`` proved winnable that
    they have not played, from the shipped stock, at once (``done``, ``stock`` true); once
    they have played the whole stock, start dealing random games of the variant until the
    solver wins one, and poll the answer's ``id``. When done, the deal is the player's new
    current game. Sets the player cookie on a first visit. An unknown ``variant`` is 400
    ``bad_request`` naming it."""
    player_id, is_new = await blocking(service.player, player)
    await blocking(service.check_leaving, player_id, body.confirm)
    searches = helper.deal_searches
    address = request.client.host if request.client is not None else None
    search = await searches.start(
        player_id, body.suits, body.rule, body.confirm, address, body.variant
    )
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
