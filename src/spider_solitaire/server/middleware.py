"""Plain ASGI middleware: a request body size limit and the security headers."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from .errors import ApiError, pick_language

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'self'"
)
"""No inline script or style element, nothing from another host (see docs/api.md)."""

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
"""Headers added to every response."""

GZIP_MINIMUM_BYTES = 500
"""Answers shorter than this go uncompressed (Starlette's GZipMiddleware, added last in
``create_app``): below it gzip's own header and the work save nothing (a decision of ours)."""


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            text: str = value.decode("latin-1")
            return text
    return None


async def _send_error(scope: Scope, send: Send, error: ApiError) -> None:
    body = json.dumps(error.body(pick_language(_header(scope, b"accept-language")))).encode()
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class _BodyTooLarge(Exception):
    """A request body grew past the limit while it was read."""


def _declared_length(scope: Scope) -> int:
    """Return the request's declared ``Content-Length`` (0 without one, or when it is not
    a number: the body read then decides)."""
    length = _header(scope, b"content-length")
    if length is None:
        return 0
    try:
        return int(length)
    except ValueError:
        return 0


async def _read_body(receive: Receive, max_bytes: int) -> bytes | None:
    """Read the whole request body (at most ``max_bytes + 1`` bytes); None when the client
    went away before its end.

    Raises:
        _BodyTooLarge: the body is longer than ``max_bytes``.
    """
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > max_bytes:
            raise _BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


class BodyLimitMiddleware:
    """Refuse request bodies over ``max_bytes`` with 413 ``too_large`` before the app runs.

    A declared ``Content-Length`` over the limit is refused at once; otherwise the body is
    read (at most ``max_bytes + 1`` bytes) and handed to the app unchanged.

    Args:
        app: the ASGI app to wrap.
        max_bytes: the largest body accepted.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app for ``scope`` if the body fits (see the class docstring)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = ApiError(413, "too_large", detail=f"the limit is {self.max_bytes} bytes")
        if _declared_length(scope) > self.max_bytes:
            await _send_error(scope, send, too_large)
            return
        try:
            body = await _read_body(receive, self.max_bytes)
        except _BodyTooLarge:
            await _send_error(scope, send, too_large)
            return
        if body is None:  # the client went away
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every HTTP response, and ``Cache-Control: no-store``
    to the API's (``/api/...``) so that no saved game state sits in a cache.

    Args:
        app: the ASGI app to wrap.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app, adding the headers to its response start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {key.lower() for key, _ in headers}
                headers.extend(item for item in SECURITY_HEADERS if item[0] not in present)
                if is_api and b"cache-control" not in present:
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
