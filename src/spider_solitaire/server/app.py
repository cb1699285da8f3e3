"""``create_app(settings)``: the FastAPI application, built in one place.

Wiring only: the store, the game service, the help service and how blocking work is
run on ``app.state``, the
route modules, the error answers (never a 500 for bad input; every error is
``{"reason", "message"}`` in the player's language), the body limit and the security
headers.

The OpenAPI schema comes from the routes' models as FastAPI builds it. This API answers
a malformed request with 400 ``bad_request`` (never FastAPI's 422 validation answer):
each route documents its own error answers, and the app documents ``default`` (any
other answer, such as a 500 ``server_error``) as the same :class:`~.schemas.errors.ErrorBody`,
which also tells FastAPI not to add its 422 ``HTTPValidationError`` entry.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Match

from .. import __version__
from .db import Store
from .errors import ApiError, pick_language
from .games import GameService
from .help import HelpService
from .jobs.pool import SolverPool
from .jobs.runner import Runner, Shares, SolverRunner
from .limits import Limit, RateLimiter
from .middleware import GZIP_MINIMUM_BYTES, BodyLimitMiddleware, SecurityHeadersMiddleware
from .record.daily import DailyBook, check_daily_data
from .record.service import RecordBook
from .routes import actions, daily, games, help, pages, record
from .schemas.errors import ErrorBody
from .settings import Settings
from .threads import Blocking

log = logging.getLogger(__name__)

_HTTP_REASONS = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}


def _error_response(request: Request, error: ApiError) -> JSONResponse:
    body = error.body(pick_language(request.headers.get("accept-language")))
    for key, value in body.items():
        if isinstance(value, BaseModel):
            body[key] = value.model_dump(mode="json")
    return JSONResponse(body, status_code=error.status, headers=error.headers or None)


def _describe(errors: Any) -> str:
    """One line saying where a request body is wrong (pydantic's messages, in English)."""
    parts = []
    for item in list(errors)[:3]:
        where = ".".join(str(part) for part in item.get("loc", ()))
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")
"""The methods a 405's ``Allow`` may name."""


def _allowed(request: Request) -> str:
    """The methods some route takes at the request's path (Starlette's 405 names only the
    first route's: ``/api/games/{id}/share`` has a POST and a DELETE route). Asked of each
    route through Starlette's public ``matches`` (FastAPI nests included routers)."""
    methods = set()
    for method in METHODS:
        scope = {**request.scope, "method": method}
        if any(route.matches(scope)[0] == Match.FULL for route in request.app.routes):
            methods.add(method)
    return ", ".join(sorted(methods))


def _install_error_handlers(app: FastAPI) -> None:
    async def api_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return _error_response(request, error)

    async def validation_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        errors = list(error.errors())
        bad_code = [
            item
            for item in errors
            if item.get("loc", ())[-1:] == ("code",) and item.get("type") == "string_too_long"
        ]
        if bad_code and request.url.path == "/api/transfer/claim":
            # a transfer code far too long for the schema is no transfer code either
            return _error_response(request, ApiError(404, "transfer_unknown"))
        if bad_code:  # e.g. a pasted code far too long for the schema: say it is not a code
            detail = f"{str(bad_code[0].get('input'))[:80]!r} is not a game code"
            return _error_response(request, ApiError(400, "bad_code", detail=detail))
        return _error_response(request, ApiError(400, "bad_request", detail=_describe(errors)))

    async def http_error(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
        reason = _HTTP_REASONS.get(error.status_code, "bad_request")
        status = error.status_code if 400 <= error.status_code < 500 else 400
        response = _error_response(request, ApiError(status, reason))
        if error.headers:
            response.headers.update(error.headers)
        if error.status_code == 405:
            response.headers["Allow"] = _allowed(request)
        return response

    async def server_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return _error_response(request, ApiError(500, "server_error"))

    app.add_exception_handler(ApiError, api_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(Exception, server_error)


OTHER_ERRORS: dict[int | str, dict[str, Any]] = {
    "default": {
        "model": ErrorBody,
        "description": "any other answer is an error of the same shape: 500 server_error "
        "(a fault of the server, never of the request)",
    }
}
"""The ``responses`` every operation documents besides its own (see the module docstring)."""


def _warm_up(pool: SolverPool) -> None:
    """Start the solver pool's forkserver, so that the first solve does not wait for it."""
    try:
        pool.warm_up()
    except Exception:
        log.exception("the solver pool did not start its forkserver")


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app for ``settings`` (defaults: :class:`Settings`).

    The database is opened (and brought to the newest schema by the migrations) here;
    it is closed when the app's lifespan ends. ``app.state`` holds ``settings``,
    ``store``, ``service`` (the :class:`GameService`), ``blocking`` (the
    :class:`~.threads.Blocking` that runs the service's work: on the event loop for
    SQLite unless ``Settings.db_in_threads`` says otherwise), ``solver_pool``, ``help`` (the
    :class:`HelpService`), ``limiter`` (the :class:`~.limits.RateLimiter`), ``record``
    (the :class:`RecordBook`) and ``daily`` (the :class:`DailyBook`). A warning is logged
    when fewer than 180 days of shipped daily deals are left
    (:func:`.record.daily.check_daily_data`). The solver pool's forkserver is started (in a
    thread) when the lifespan starts; its jobs are stopped when it ends.

    Raises:
        sqlalchemy.exc.ArgumentError, sqlalchemy.exc.OperationalError: the database URL is
            wrong or the database cannot be opened.
    """
    settings = settings or Settings()
    store = Store(settings.database_url(), sqlite_synchronous=settings.sqlite_synchronous)
    in_threads = settings.db_in_threads
    if in_threads is None:
        in_threads = store.engine.dialect.name != "sqlite"
    blocking = Blocking(inline=not in_threads)
    service = GameService(
        store,
        undo_limit=settings.undo_limit,
        cache_games=settings.cache_games,
        puzzle_positions=settings.puzzle_positions,
    )

    pool = SolverPool(
        settings.solver_cores,
        memory_mb=settings.solver_memory_mb or None,
        queue_seconds=settings.solver_queue_seconds,
    )
    shares = Shares(settings.solver_jobs_per_address, settings.solver_jobs_per_player)
    runner: Runner = SolverRunner(pool, store, shares)
    if settings.job_queue == "procrastinate":
        from .jobs.queue import QueueRunner, ensure_queue_schema, queue_app

        ensure_queue_schema(settings.database_url())
        runner = QueueRunner(
            store,
            queue_app(settings.database_url()),
            settings.solver_queue_seconds,
            shares,
            worker_silent_seconds=settings.worker_silent_seconds,
        )
    elif settings.job_queue != "pool":
        raise ValueError(f"job_queue {settings.job_queue!r} is not pool or procrastinate")
    helper = HelpService(service, store, blocking, runner, settings)
    limiter = RateLimiter(
        store,
        {
            "solver": Limit(settings.solver_per_address, settings.solver_per_player),
            "new_game": Limit(settings.new_games_per_address, 0),
            "transfer_claim": Limit(settings.transfer_claims_per_address, 0),
        },
        settings.rate_window_seconds,
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if settings.job_queue == "pool":
            threading.Thread(
                target=_warm_up, args=(pool,), name="solver-warm-up", daemon=True
            ).start()
        yield
        await helper.close()
        store.close()

    app = FastAPI(
        title="Spider Solitaire",
        version=__version__,
        description="The browser table's API (docs/api.md). The server is the authority: "
        "it never sends a face-down card's identity or the stock's order.",
        docs_url=None,
        redoc_url=None,
        openapi_url="/openapi.json",
        lifespan=lifespan,
        responses=OTHER_ERRORS,
        # no 307 from "/x/" to "/x" (a decision of ours): every address is written without
        # the slash, and the router decodes %2F before it matches, so /api/games/%2F was
        # sent on to /api/games, whose GET is a 405; now it is 404 not_found
        redirect_slashes=False,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.service = service
    app.state.blocking = blocking
    app.state.solver_pool = pool
    app.state.help = helper
    app.state.limiter = limiter
    app.state.record = RecordBook(service, store)
    app.state.daily = DailyBook(store)
    check_daily_data()
    _install_error_handlers(app)
    app.include_router(games.router)
    app.include_router(actions.router)
    app.include_router(help.router)
    app.include_router(record.router)
    app.include_router(daily.router)
    app.include_router(pages.router)
    pages.mount_static(app, settings.web_dir)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(SecurityHeadersMiddleware)
    # text answers (the page, scripts, styles, JSON) go compressed to a browser that takes
    # gzip: the first load is about a third of its size on the wire (issue 19, item 13)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=9)
    return app


def app_from_env() -> FastAPI:
    """Build the app with the settings of the environment (:meth:`Settings.from_env`):
    the factory each of ``spider serve --workers N``'s processes calls."""
    return create_app(Settings.from_env())
