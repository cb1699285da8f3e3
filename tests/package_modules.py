"""The package's modules by room, for the tests that check the house's shape.

Rooms (the project's layout): the engine is every module outside ``solver``, ``server``
and ``web``, except ``cli`` (the ``spider`` command, which wires every room together);
the solver is ``spider_solitaire.solver``; the server ``spider_solitaire.server``.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
from functools import cache
from pathlib import Path

import spider_solitaire

PACKAGE = spider_solitaire.__name__
SOURCE = Path(spider_solitaire.__file__).parent
ROOMS = ("solver", "server", "web")
"""The sub-packages that are rooms of their own; the rest of the package is the engine."""

ENTRY_POINTS = (f"{PACKAGE}.cli",)
"""Modules above every room: they may import anything."""


SCRIPTS = (f"{PACKAGE}.server.db.migrations.env",)
"""Modules that are scripts run by a tool, not imported: Alembic runs the migrations'
``env.py`` itself (importing it outside Alembic fails)."""


def all_modules(*, importable: bool = False) -> list[str]:
    """Every module of the package, by dotted name (packages included), sorted; with
    ``importable``, without the :data:`SCRIPTS` that only their tool may import."""
    names = [PACKAGE]
    for info in pkgutil.walk_packages([str(SOURCE)], prefix=f"{PACKAGE}."):
        names.append(info.name)
    return sorted(name for name in names if not (importable and name in SCRIPTS))


def room_of(module: str) -> str:
    """``"engine"``, ``"solver"``, ``"server"``, ``"web"`` or ``"entry"`` for a module name
    of the package."""
    if module in ENTRY_POINTS:
        return "entry"
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in ROOMS:
        return parts[1]
    return "engine"


def source_file(module: str) -> Path:
    """The source file of a module or package of the package."""
    relative = Path(*module.split(".")[1:])
    package_init = SOURCE / relative / "__init__.py"
    return package_init if package_init.exists() else SOURCE / relative.with_suffix(".py")


@cache
def _known_modules() -> frozenset[str]:
    return frozenset(all_modules())


def imported_modules(module: str) -> list[tuple[int, str]]:
    """Every module that ``module``'s source imports, absolute, with its line number.

    ``from X import name`` counts as importing ``X.name`` too when ``X.name`` is a module
    of the package (``from . import rules``)."""
    path = source_file(module)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    known = _known_modules()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            found.append((node.lineno, base))
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.append((node.lineno, f"{base}.{alias.name}"))
    return found


def run_docstring_examples(module: str) -> doctest.TestResults:
    """Run the ``>>>`` examples of ``module``'s docstrings (NORMALIZE_WHITESPACE); return
    the count attempted and failed.

    The examples are read from the module's source file (:mod:`ast`: the module's
    docstring, its classes' and functions', and their methods', as :mod:`doctest` finds
    them), and run with the imported module's globals. So they run against the module as
    loaded, pure or compiled: an extension module built by mypyc keeps no docstring for
    ``doctest.testmod`` to find."""
    loaded = importlib.import_module(module)
    path = source_file(module)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
    pending: list[tuple[str, ast.AST]] = [(module, tree)]
    while pending:
        name, node = pending.pop()
        docstring = ast.get_docstring(node, clean=True)  # type: ignore[arg-type]
        if docstring:
            line = getattr(node, "lineno", 0)
            test = parser.get_doctest(docstring, dict(loaded.__dict__), name, str(path), line)
            if test.examples:
                runner.run(test)
        if isinstance(node, ast.Module | ast.ClassDef):
            pending.extend(
                (f"{name}.{child.name}", child)
                for child in reversed(node.body)
                if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            )
    return runner.summarize(verbose=False)
