"""The page (``/``, and ``/replay/{share_id}`` for a shared replay), the browser app's
files (``/static/...``), from the package, and the browser's part of the message catalog
(``/static/i18n/{language}.json``), built from it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import mimetypes
from functools import cache
from html import escape
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ... import __version__
from ...messages import LANGUAGES, browser_catalog, message
from ..errors import ApiError, pick_language
from ..health import Health, check
from ..ids import STATIC_TOKEN
from ..rule_links import rules_link
from ..rules_page import page_head, rules_page
from .deps import Blocker, Book, DataStore

router = APIRouter(include_in_schema=False)

PLACEHOLDER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Spider Solitaire</title></head>
<body><h1>Spider Solitaire</h1>
<p>The browser table is not installed here (no index.html in the web directory).
The API is at <a href="/openapi.json">/openapi.json</a>.</p></body></html>
"""
"""Served at ``/`` when the web directory has no ``index.html`` yet."""

for _type, _extension in (
    ("text/javascript", ".js"),
    ("text/javascript", ".mjs"),
    ("text/css", ".css"),
    ("application/json", ".json"),
    ("image/svg+xml", ".svg"),
    ("font/woff2", ".woff2"),
    ("font/woff", ".woff"),
):
    mimetypes.add_type(_type, _extension)  # some systems map .js to text/plain


STATIC_VERSIONED = "/static/v/"
"""Where the browser app's files are served under a version token: ``/static/v/<token>/``
(see :func:`static_token`). The page names its scripts and styles there, and the ES
modules import each other by relative paths, so one page load never mixes the files of
two releases; such files never change, and are cached for a year."""


def static_token(web_dir: Path) -> str:
    """Return the version token of the files under ``web_dir``: the package's version and
    a hash of every file's path and content (so an edited file changes it too), e.g.
    ``0.1.0-3f2a9c1d0b``; ``0.1.0-none`` when the directory is missing."""
    digest = hashlib.sha256()
    if web_dir.is_dir():
        for path in sorted(web_dir.rglob("*")):
            if path.is_file():
                digest.update(str(path.relative_to(web_dir)).encode() + b"\0")
                digest.update(path.read_bytes())
        return f"{__version__}-{digest.hexdigest()[:10]}"
    return f"{__version__}-none"


@cache
def page_text(web_dir: str, token: str) -> str:
    """Return the page: ``web_dir``'s ``index.html`` with its ``/static/`` links made
    versioned under ``token`` (:data:`STATIC_VERSIONED`), or :data:`PLACEHOLDER_PAGE`
    when there is none. Read once per process and web directory (issue 31: the file
    is the release's, as the token that names its files is computed once at start)."""
    page = Path(web_dir) / "index.html"
    if not page.is_file():
        return PLACEHOLDER_PAGE
    prefix = f"{STATIC_VERSIONED}{token}/"
    return page.read_text(encoding="utf-8").replace('"/static/', f'"{prefix}')


@router.api_route("/", methods=["GET", "HEAD"])
async def index(request: Request) -> Response:
    """Serve ``index.html`` (``/?code=...`` is read by the page itself) with its
    ``/static/`` links made versioned (:func:`page_text`, read once per process); HEAD
    answers the same headers without the body (link checkers and uptime monitors ask
    with HEAD)."""
    text = page_text(str(request.app.state.settings.web_dir), request.app.state.static_token)
    return HTMLResponse(text, headers={"Cache-Control": "no-cache"})


LANGUAGE_COOKIE = "spider_lang"
"""The cookie in which the table keeps the language chosen in its Settings (``en`` or
``es``; web/js/settings.js writes it, nothing else reads it): the rules page follows it
when its address names no language (issue 19)."""


def page_language(request: Request, lang: str | None = None) -> str:
    """The language of a page the server writes: ``lang`` (``en`` or ``es``, from the
    address), else the language chosen in the table's Settings (:data:`LANGUAGE_COOKIE`),
    else the ``Accept-Language`` header's language; any other ``lang`` or cookie value is
    ignored."""
    chosen = request.cookies.get(LANGUAGE_COOKIE)
    if lang in LANGUAGES:
        return lang
    if chosen in LANGUAGES:
        return chosen
    return pick_language(request.headers.get("accept-language"))


@router.api_route("/rules", methods=["GET", "HEAD"])
def rules(request: Request, lang: str | None = None) -> Response:
    """Serve the rules page (:func:`spider_solitaire.server.rules_page.rules_page`) in
    ``lang`` (``en`` or ``es``, the page's own language switch and the table's links say
    which), else as :func:`page_language` chooses. ``no-cache`` like the page."""
    language = page_language(request, lang)
    page = rules_page(language, str(request.app.state.settings.web_dir))
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


def missing_replay_page(language: str) -> str:
    """Return the page of a replay link that leads nowhere, in ``language``: the catalog's
    ``record.replay_missing`` sentence and a link to the table (``/``), with the rules
    page's styles."""
    title = escape(message("record", "replay_missing_title", language))
    text = escape(message("record", "replay_missing", language))
    back = escape(message("record", "replay_missing_back", language))
    page_title = f"{title} · {escape(message('web', 'app.title', language))}"
    return f"""{page_head(language, page_title, ("base", "themes", "rules"))}
</head>
<body class="rules-page theme-clean">
<main id="replay-missing" class="rules">
<h1>{title}</h1>
<p>{text}</p>
<p><a id="replay-missing-back" class="rule-back" href="/">{back}</a></p>
</main>
</body>
</html>
"""


@router.api_route("/replay/{share_id:path}", methods=["GET", "HEAD"])
async def shared_replay_page(
    share_id: str, request: Request, book: Book, blocking: Blocker
) -> Response:
    """Serve ``index.html`` for a shared replay link (the page reads the share id from its
    address and shows the replay; one ``/`` after the id is allowed). A link that leads
    nowhere (an id of another shape, with a ``/`` in it too, one never made, or a link its
    owner removed) is a 404 page for a person, in the language :func:`page_language`
    chooses: the catalog's sentence and a link to the table (a decision of ours: a person
    follows this address, so no JSON answer; the API's ``/api/replays/{share_id}`` still
    answers 422 ``bad_id`` or 404 ``not_found``)."""
    try:
        await blocking(book.shared, share_id.removesuffix("/"))
    except ApiError:
        page = missing_replay_page(page_language(request))
        return HTMLResponse(page, status_code=404, headers={"Cache-Control": "no-cache"})
    return await index(request)


@router.get("/healthz", include_in_schema=False)
async def healthz(request: Request, store: DataStore) -> Response:
    """For the reverse proxy and monitors (:mod:`..health`): 200 ``{"status": "ok"}`` when
    the database answers (in the job-queue layout also ``"workers": n``), 200
    ``{"status": "degraded", "reason": "no_worker", "workers": 0, "worker_seen": ...}``
    when no solver worker was seen lately (the games still play), 503
    ``{"status": "database_unreachable"}`` with ``Retry-After`` when the database does not
    answer."""
    health = await asyncio.to_thread(check, store, request.app.state.settings)
    return _health_answer(health, 503 if health.status == "database_unreachable" else 200)


@router.get("/healthz/workers", include_in_schema=False)
async def healthz_workers(request: Request, store: DataStore) -> Response:
    """The same body as ``/healthz``, 503 (with ``Retry-After``) unless ``ok``: for a
    monitor that reads only the status code and should alert when the solver's help is
    unavailable. Not for a proxy's health checks (the games play without workers)."""
    health = await asyncio.to_thread(check, store, request.app.state.settings)
    return _health_answer(health, 200 if health.status == "ok" else 503)


def _health_answer(health: Health, status: int) -> Response:
    headers = {"Cache-Control": "no-store"}
    if status == 503:
        headers["Retry-After"] = "5" if health.status == "database_unreachable" else "30"
    return JSONResponse(health.body, status_code=status, headers=headers)


@cache
def _browser_catalog_json(language: str) -> bytes:
    return json.dumps(browser_texts_of(language), ensure_ascii=False).encode()


def browser_texts_of(language: str) -> dict[str, str]:
    """The browser's texts in ``language``: :func:`~spider_solitaire.messages.browser_catalog`
    and, for each refusal the page shows from the state without a request
    (``refusal.<code>``), the rules page's section that explains it
    (``refusal_rules.<code>``: ``/rules#dealing``), as a refusal's answer gives it."""
    texts = browser_catalog(language)
    links = {}
    for key in texts:
        code = key.removeprefix("refusal.")
        link = rules_link(code) if key.startswith("refusal.") else None
        if link is not None:
            links[f"refusal_rules.{code}"] = link
    return texts | links


@router.api_route(STATIC_VERSIONED + "{token}/i18n/{language}.json", methods=["GET", "HEAD"])
def versioned_browser_texts(token: str, language: str) -> Response:
    """:func:`browser_texts` under a version token of the right shape
    (:data:`~..ids.STATIC_TOKEN`: any release's, the texts are this one's); 404 for a
    malformed one."""
    if not STATIC_TOKEN.fullmatch(token):
        raise HTTPException(status_code=404)
    return browser_texts(language)


@router.api_route("/static/i18n/{language}.json", methods=["GET", "HEAD"])
def browser_texts(language: str) -> Response:
    """Serve the browser's fixed texts in ``language`` (``en`` or ``es``; 404 for any
    other): the catalog's ``web`` section plus every card's, rank's and suit's name
    (:func:`spider_solitaire.messages.browser_catalog`) and the rules links of the
    refusals it holds (:func:`browser_texts_of`), all finished texts without
    placeholders. Built once per language; ``no-cache`` like the page, so a new version
    of the server is seen at the next load."""
    if language not in LANGUAGES:
        raise HTTPException(status_code=404)
    return Response(
        _browser_catalog_json(language),
        media_type="application/json",
        headers={"Cache-Control": "no-cache"},
    )


class WebFiles(StaticFiles):
    """:class:`StaticFiles` that answers 404 (not 500) while its directory is missing."""

    async def check_config(self) -> None:
        """Raise 404 when the directory does not exist (yet); see :class:`StaticFiles`."""
        if self.directory is not None and not Path(self.directory).is_dir():
            raise HTTPException(status_code=404)
        await super().check_config()


class VersionedWebFiles(WebFiles):
    """:class:`WebFiles` under a version token: cached for a year, never revalidated."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file's response with ``Cache-Control: public, max-age=31536000, immutable``."""
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


def mount_static(app: FastAPI, web_dir: Path) -> None:
    """Serve the files under ``web_dir`` at ``/static/v/<token>/...`` (see
    :data:`STATIC_VERSIONED`; the token is kept as ``app.state.static_token``) and, for
    links of older pages, at ``/static/...``; the router's own ``.../i18n/...`` routes
    come first."""
    token = app.state.static_token = static_token(web_dir)
    files = VersionedWebFiles(directory=web_dir, check_dir=False)
    app.mount(f"{STATIC_VERSIONED}{token}", files, name="static-versioned")
    app.mount("/static", WebFiles(directory=web_dir, check_dir=False), name="static")
