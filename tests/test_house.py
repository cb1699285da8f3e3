"""The house's shape, kept by the suite rather than by a script someone must remember
(issue 29 item 5): no import cycle among the package's modules and no module over
:data:`MAX_LINES` lines. The one-way rule between the rooms is
:mod:`tests.test_imports`'s.

Every import counts, deferred ones and those under ``TYPE_CHECKING`` too: a cycle a
lazy import hides is still a cycle for the next reader. An import of a module's own
package (``from . import x`` in ``pkg/mod.py`` reads ``pkg``) is not an edge to it: Python
runs the package first anyway.
"""

from __future__ import annotations

import graphlib
from pathlib import Path

import pytest

from package_modules import PACKAGE, SOURCE, all_modules, imported_modules, source_file

MAX_LINES = 600
"""The longest a module may be (the project's rule: split by job before this)."""


def import_graph() -> dict[str, set[str]]:
    """For each module of the package, the package's modules it imports (a name that is
    not a module, ``from pkg import function``, counts as its module ``pkg``), without
    the module itself and the packages it is in."""
    known = set(all_modules())
    graph: dict[str, set[str]] = {}
    for module in known:
        edges: set[str] = set()
        for _, name in imported_modules(module):
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(f"{name}."):
                edges.add(name)
        graph[module] = edges
    return graph


def test_the_graph_sees_deferred_and_relative_imports() -> None:
    # A guard on the reader: cli.py imports the solver's command inside a function.
    graph = import_graph()
    assert f"{PACKAGE}.solver.cli" in graph[f"{PACKAGE}.cli"]
    assert f"{PACKAGE}.rules" in graph[f"{PACKAGE}.game"]
    assert PACKAGE not in graph[f"{PACKAGE}.game"]  # its own package is no edge


def test_no_import_cycle() -> None:
    sorter = graphlib.TopologicalSorter(import_graph())
    try:
        sorter.prepare()
    except graphlib.CycleError as error:
        cycle = " imports ".join(reversed(error.args[1]))  # the sorter lists it backwards
        pytest.fail(f"an import cycle: {cycle}", pytrace=False)


def python_files() -> list[Path]:
    """Every Python source file of the package."""
    return sorted(SOURCE.rglob("*.py"))


@pytest.mark.parametrize("path", python_files(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_no_module_is_too_long(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(SOURCE)}: {lines} lines; split it by job"


def test_every_module_is_counted() -> None:
    # the files the length test reads are the modules the graph holds
    modules = {source_file(module) for module in all_modules()}
    assert modules <= set(python_files())
    assert len(python_files()) >= len(modules) > 50


MAP = Path(__file__).parent.parent / "docs" / "architecture.md"
"""The map of the house: every module and its job."""


def test_the_map_names_every_module() -> None:
    # docs/architecture.md names each module by its path under src/spider_solitaire/
    text = MAP.read_text(encoding="utf-8")
    files = [*python_files(), *sorted((SOURCE / "web" / "js").glob("*.js"))]
    missing = [
        str(path.relative_to(SOURCE))
        for path in files
        if f"`{path.relative_to(SOURCE).as_posix()}`" not in text
    ]
    assert missing == [], f"docs/architecture.md does not name {missing}"
