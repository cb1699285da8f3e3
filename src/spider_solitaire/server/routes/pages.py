"""The page (``/``) and the browser app's files (``/static/...``), from the package."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

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


class WebFiles(StaticFiles):
    """:class:`StaticFiles` that answers 404 (not 500) while its directory is missing."""

    async def check_config(self) -> None:
        """Raise 404 when the directory does not exist (yet); see :class:`StaticFiles`."""
        if self.directory is not None and not Path(self.directory).is_dir():
            raise HTTPException(status_code=404)
        await super().check_config()


def mount_static(app: FastAPI, web_dir: Path) -> None:
    """Serve the files under ``web_dir`` at ``/static/...`` (ES modules, CSS, catalogs)."""
    app.mount("/static", WebFiles(directory=web_dir, check_dir=False), name="static")
