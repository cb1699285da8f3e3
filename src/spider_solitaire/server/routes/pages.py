"""The page (``/``, and ``/replay/{share_id}`` for a shared replay), the browser app's
files (``/static/...``), from the package, and the browser's part of the message catalog
(``/static/i18n/{language}.json``), built from it."""

from __future__ import annotations

import json
import mimetypes
from functools import cache
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ...messages import LANGUAGES, browser_catalog
from ..errors import pick_language
from ..rules_page import rules_page

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


@router.api_route("/", methods=["GET", "HEAD"])
def index(request: Request) -> Response:
    """Serve ``index.html`` (``/?code=...`` is read by the page itself); HEAD answers the
    same headers without the body (link checkers and uptime monitors ask with HEAD)."""
    page = Path(request.app.state.settings.web_dir) / "index.html"
    if page.is_file():
        return FileResponse(page, media_type="text/html", headers={"Cache-Control": "no-cache"})
    return HTMLResponse(PLACEHOLDER_PAGE, headers={"Cache-Control": "no-cache"})


@router.api_route("/rules", methods=["GET", "HEAD"])
def rules(request: Request, lang: str | None = None) -> Response:
    """Serve the rules page (:func:`spider_solitaire.server.rules_page.rules_page`) in
    ``lang`` (``en`` or ``es``, the page's own language switch and the table's links say
    which) or else the ``Accept-Language`` header's language; any other ``lang`` is
    ignored. ``no-cache`` like the page."""
    language = lang if lang in LANGUAGES else pick_language(request.headers.get("accept-language"))
    page = rules_page(language, str(request.app.state.settings.web_dir))
    return HTMLResponse(page, headers={"Cache-Control": "no-cache"})


@router.api_route("/replay/{share_id}", methods=["GET", "HEAD"])
def shared_replay_page(share_id: str, request: Request) -> Response:
    """Serve ``index.html`` for a shared replay link (the page reads the share id from its
    address and shows the replay; ``/api/replays/{share_id}`` answers 404 for a link
    that does not exist or was removed)."""
    return index(request)


@cache
def _browser_catalog_json(language: str) -> bytes:
    return json.dumps(browser_catalog(language), ensure_ascii=False).encode()


@router.api_route("/static/i18n/{language}.json", methods=["GET", "HEAD"])
def browser_texts(language: str) -> Response:
    """Serve the browser's fixed texts in ``language`` (``en`` or ``es``; 404 for any
    other): the catalog's ``web`` section plus every card's, rank's and suit's name
    (:func:`spider_solitaire.messages.browser_catalog`), all finished texts without
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


def mount_static(app: FastAPI, web_dir: Path) -> None:
    """Serve the files under ``web_dir`` at ``/static/...`` (ES modules, CSS, icons); the
    router's own ``/static/i18n/...`` route comes first."""
    app.mount("/static", WebFiles(directory=web_dir, check_dir=False), name="static")
