"""The browser app's server: FastAPI over the rules engine, games saved with SQLAlchemy.

``create_app(settings)`` (in :mod:`.app`) builds the app; ``spider play`` and
``spider serve`` run it (:mod:`.cli`). The HTTP contract is docs/api.md. The engine
never imports this package.

``create_app`` and ``Settings`` are loaded on first use, so that ``spider deal`` and the
other commands do not pay for importing FastAPI.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .settings import Settings

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    """Load ``create_app`` or ``Settings`` when first asked for."""
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "Settings":
        from .settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
