"""Packaging: the engine and the solver install with no dependency; every package the code
imports is declared; the server commands say which extra is missing."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest

from spider_solitaire.cli import main
from spider_solitaire.server import cli as server_cli

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "spider_solitaire"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

IMPORT_NAMES = {"pyyaml": "yaml", "psycopg": "psycopg", "psycopg-binary": "psycopg"}
"""Distribution names whose import name differs from the name folded to lower case."""


def run_time_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` but those under ``if TYPE_CHECKING:``, which never run (they
    name types for mypy and mypyc only, such as ``mypy_extensions.i64``)."""
    found: list[ast.AST] = []
    waiting = [tree]
    while waiting:
        node = waiting.pop()
        found.append(node)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            waiting.extend(node.orelse)
            continue
        waiting.extend(ast.iter_child_nodes(node))
    return found


def top_level_imports(files: list[Path]) -> set[str]:
    """The top-level module names imported at run time by ``files`` (absolute imports
    only)."""
    names: set[str] = set()
    for path in files:
        for node in run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names


def declared(requirements: list[str]) -> set[str]:
    """Import names of the distributions in ``requirements`` (PEP 508 strings)."""
    names = set()
    for requirement in requirements:
        name = re.split(r"[\s\[<>=!~;]", requirement, maxsplit=1)[0].lower()
        names.add(IMPORT_NAMES.get(name, name.replace("-", "_")))
    return names


def engine_and_solver_files() -> list[Path]:
    return sorted(PACKAGE.glob("*.py")) + sorted((PACKAGE / "solver").rglob("*.py"))


def test_the_engine_and_the_solver_need_no_dependency() -> None:
    assert PYPROJECT["project"]["dependencies"] == []
    files = engine_and_solver_files()
    assert len(files) > 10
    outside = top_level_imports(files) - set(sys.stdlib_module_names) - {"spider_solitaire"}
    assert outside == set()
    # the 64-bit integers of the compiled build are named for the compiler only (under
    # TYPE_CHECKING, never imported at run time)
    typed = [p for p in files if "from mypy_extensions import i64" in p.read_text("utf-8")]
    assert [p.name for p in typed] == ["beam.py", "board.py", "facts.py", "nodes.py"]


def test_every_package_the_server_imports_is_in_the_server_extra() -> None:
    queue = PACKAGE / "server" / "jobs" / "queue.py"  # the job queue: the hosting extra
    server_files = sorted(set((PACKAGE / "server").rglob("*.py")) - {queue})
    imported = top_level_imports(server_files) - set(sys.stdlib_module_names)
    extras = PYPROJECT["project"]["optional-dependencies"]
    extra = declared(extras["server"])
    assert imported - {"spider_solitaire"} <= extra
    hosting = top_level_imports([queue]) - set(sys.stdlib_module_names) - {"spider_solitaire"}
    assert hosting - extra == {"procrastinate", "psycopg"}
    assert hosting <= extra | declared(extras["hosting"])


def test_the_license_is_mit_and_ships() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    # setuptools reads a licence expression (PEP 639) from version 77 on
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]


def test_a_server_command_names_the_missing_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(server_cli, "missing_server_packages", lambda: ["fastapi", "uvicorn"])
    assert main(["serve", "--port", "0"]) == 2
    error = capsys.readouterr().err
    assert error.strip() == (
        "spider serve: the browser table needs the server extra (missing: fastapi, uvicorn): "
        "pip install 'spider-solitaire[server]'"
    )
