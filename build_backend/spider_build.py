"""The project's build backend: setuptools', asking for mypy only for a compiled build.

pyproject.toml names this module (``backend-path``). Every hook is
``setuptools.build_meta``'s; the two that list a build's requirements add :data:`MYPY`
when the environment variable ``SPIDER_COMPILE`` is ``1``, so that pip's isolated build
environment installs mypy (whose mypyc compiles the engine and the solver, ``setup.py``)
from the package index for that build only. Without the variable a build needs
setuptools alone and gives the pure-Python package, as before.

An editable install (``pip install -e .``) is never compiled (a decision of ours):
setuptools would build the extension modules into ``src/``, where they shadow the source
(an edit would change nothing until the next build) and every pure run from ``src`` (the
tests, ``bench/``) would silently use them. With ``SPIDER_COMPILE=1`` it is refused with
:class:`EditableCompileError`; install the compiled build with ``pip install .``.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (every hook this module does not change)

ConfigSettings = dict[str, str | list[str] | None] | None
"""The front end's ``--config-settings``, passed on to setuptools unchanged."""

MYPY = "mypy>=2.4.1,<2.5"
"""The mypy (with mypyc) of a compiled build: the release constraints.txt pins for the
tests, and its bug-fix releases (``tests/test_compiled.py`` checks the pin is in range)."""


class EditableCompileError(RuntimeError):
    """``SPIDER_COMPILE=1`` asked of an editable install, which is never compiled."""

    def __init__(self) -> None:
        super().__init__(
            "SPIDER_COMPILE=1 cannot build an editable install: its extension modules "
            "would land in src/ and shadow the source. Install the compiled build with "
            "SPIDER_COMPILE=1 pip install . (not -e), or unset SPIDER_COMPILE."
        )


def compile_requested() -> bool:
    """Whether this build compiles: the environment variable ``SPIDER_COMPILE`` is ``1``."""
    return os.environ.get("SPIDER_COMPILE") == "1"


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    """setuptools' requirements for a wheel, plus :data:`MYPY` for a compiled build.

    setuptools' hook runs setup.py to read its requirements before any is installed: it
    runs with ``SPIDER_COMPILE`` unset, so that setup.py does not import mypyc yet."""
    hook: Callable[[ConfigSettings], list[str]] = build_meta.get_requires_for_build_wheel
    if not compile_requested():
        return list(hook(config_settings))
    del os.environ["SPIDER_COMPILE"]
    try:
        requires = list(hook(config_settings))
    finally:
        os.environ["SPIDER_COMPILE"] = "1"
    return [*requires, MYPY]


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    """setuptools' requirements for an editable install (always pure Python).

    Raises :class:`EditableCompileError` when ``SPIDER_COMPILE`` is ``1``."""
    if compile_requested():
        raise EditableCompileError
    hook: Callable[[ConfigSettings], list[str]] = build_meta.get_requires_for_build_editable
    return list(hook(config_settings))


def build_editable(
    wheel_directory: str,
    config_settings: ConfigSettings = None,
    metadata_directory: str | None = None,
) -> str:
    """setuptools' editable wheel (always pure Python); its file name in
    ``wheel_directory``. Raises :class:`EditableCompileError` when ``SPIDER_COMPILE`` is
    ``1``."""
    if compile_requested():
        raise EditableCompileError
    name: str = build_meta.build_editable(wheel_directory, config_settings, metadata_directory)
    return name
