"""The arrows run one way: the engine imports nothing from the solver, the server or the
web folder (nor the ``spider`` command), and only the standard library besides itself;
the solver imports nothing from the server.

Checked by reading every import statement (top level or inside a function) with
:mod:`ast`, relative imports resolved against the module's package.
"""

from __future__ import annotations

import sys

import pytest

from package_modules import ENTRY_POINTS, PACKAGE, all_modules, imported_modules, room_of

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": ("solver", "server", "web", "entry"),
    "solver": ("server", "web", "entry"),
}
"""For each room, the rooms it must not import."""


def test_the_rooms_are_found() -> None:
    rooms = {room_of(module) for module in all_modules()}
    assert {"engine", "solver", "server", "entry"} <= rooms
    engine = [module for module in all_modules() if room_of(module) == "engine"]
    assert f"{PACKAGE}.rules" in engine and f"{PACKAGE}.messages" in engine
    assert f"{PACKAGE}.terminal" in engine
    assert all(module in all_modules() for module in ENTRY_POINTS)


def test_relative_imports_are_resolved() -> None:
    # A guard on the reader itself: cli.py imports the server and the solver relatively.
    names = {name for _, name in imported_modules(f"{PACKAGE}.cli")}
    assert f"{PACKAGE}.server.cli" in names
    assert f"{PACKAGE}.solver.cli" in names
    names = {name for _, name in imported_modules(f"{PACKAGE}.game")}
    assert f"{PACKAGE}.rules" in names  # from . import rules


@pytest.mark.parametrize(
    "module", [m for m in all_modules() if room_of(m) in FORBIDDEN], ids=lambda m: m
)
def test_imports_run_one_way(module: str) -> None:
    room = room_of(module)
    wrong = [
        f"line {line}: {name} ({room_of(name)})"
        for line, name in imported_modules(module)
        if name.startswith(f"{PACKAGE}.") and room_of(name) in FORBIDDEN[room]
    ]
    assert wrong == [], f"{module} ({room}) imports against the arrows: {wrong}"


@pytest.mark.parametrize(
    "module", [m for m in all_modules() if room_of(m) == "engine"], ids=lambda m: m
)
def test_the_engine_needs_only_the_standard_library(module: str) -> None:
    outside = [
        f"line {line}: {name}"
        for line, name in imported_modules(module)
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != PACKAGE
    ]
    assert outside == []
