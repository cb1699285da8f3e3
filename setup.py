"""Build hook: ``SPIDER_COMPILE=1`` compiles the engine and the solver with mypyc.

Without the variable (``pip install .``) the package installs as pure Python, exactly as
pyproject.toml describes it: no extension module, no build dependency beyond setuptools.
With ``SPIDER_COMPILE=1`` the modules of :data:`COMPILED` are compiled from their own
source by mypyc (the compiler black and mypy ship their own source with) into extension
modules placed beside the pure ones; the in-tree build backend (``build_backend/``) asks
pip for mypy only then. Building needs a C compiler and the Python headers.

:data:`COMPILED` and :data:`LEFT_OUT` are the one statement of what is compiled: every
module of the engine and the solver is in one of them (``tests/test_compiled.py``).
"""

from __future__ import annotations

import os

COMPILED: tuple[str, ...] = (
    "spider_solitaire.cards",
    "spider_solitaire.variants",
    "spider_solitaire.codes",
    "spider_solitaire.position",
    "spider_solitaire.legal",
    "spider_solitaire.rules",
    "spider_solitaire.solver.board",
    "spider_solitaire.solver.facts",
    "spider_solitaire.solver.nodes",
    "spider_solitaire.solver.beam",
    "spider_solitaire.solver.search",
    "spider_solitaire.solver.hints",
    "spider_solitaire.solver.lookahead",
    "spider_solitaire.solver.plans",
    "spider_solitaire.solver.worlds",
    "spider_solitaire.solver.judge",
    "spider_solitaire.solver.endgame",
    "spider_solitaire.solver.values",
    "spider_solitaire.solver.reasons",
)
"""The modules built as extension modules with ``SPIDER_COMPILE=1``, by dotted name."""

LEFT_OUT: dict[str, str] = {
    "spider_solitaire": "the public face: imports and names, nothing that runs in a loop",
    "spider_solitaire.errors": (
        "exceptions subclassing builtins (ValueError, KeyError) with their own __init__: "
        "mypyc does not compile such classes"
    ),
    "spider_solitaire.events": (
        "dataclass subclasses overriding a ClassVar default (kind) fail at import when "
        "compiled; events are made once per action, never in the solver"
    ),
    "spider_solitaire.game": (
        "the public Game, whose entry points check their arguments' types themselves "
        "(a wrong type gets the engine's own error, tests/test_bad_input.py): compiled, "
        "mypyc would refuse it first with a bare TypeError; it only hands work to the "
        "compiled rules"
    ),
    "spider_solitaire.moves": (
        "the public Move, whose fields are checked by the engine (a bool or a text is "
        "not_whole_number): compiled, mypyc would check them first, differently"
    ),
    "spider_solitaire.messages": "the message catalog: reads JSON once, no hot path",
    "spider_solitaire.daily": "the daily deals: reads a CSV file once, no hot path",
    "spider_solitaire.winnable": "the stock of winnable deals: reads a CSV file once",
    "spider_solitaire.levels": "the deals by difficulty: reads a CSV file once",
    "spider_solitaire.terminal": "the terminal game: waits on a person, no hot path",
    "spider_solitaire.game_text": "the reader of game texts: reads a file once, no hot path",
    "spider_solitaire.solver": "the solver's public face: imports and names only",
    "spider_solitaire.solver.cli": "spider solve: parses arguments and prints, once",
    "spider_solitaire.solver.hint_cli": "spider hint: parses arguments and prints, once",
    "spider_solitaire.solver.reading": (
        "reads the game a solver command names and says why an input does not read, once"
    ),
    "spider_solitaire.solver.bisect": "the review's bisection: a handful of solves, compiled",
    "spider_solitaire.solver.review": "a game's review: replays a line once, the solves compiled",
    "spider_solitaire.solver.review_cli": "spider review: parses arguments and prints, once",
}
"""The engine's and the solver's modules that stay pure Python, each with the reason."""

GROUP = "spider_solitaire"
"""mypyc's group name: the compiled modules share one library, ``spider_solitaire__mypyc``
(beside the package), which the extension modules named in :data:`COMPILED` load."""


def source_path(module: str) -> str:
    """The source file of a module of :data:`COMPILED`, relative to the project's root."""
    return os.path.join("src", *module.split(".")) + ".py"


def extension_modules() -> list[object]:
    """The extension modules to build: mypyc's, when ``SPIDER_COMPILE`` is ``1``; none
    otherwise. Raises ``ImportError`` when the variable is set and mypy is missing."""
    if os.environ.get("SPIDER_COMPILE") != "1":
        return []
    from mypyc.build import mypycify

    # "--config-file=" (no configuration file): mypyc would otherwise read pyproject.toml's
    # [tool.mypy], whose pydantic plugin is not installed in the build environment.
    return list(
        mypycify(
            ["--config-file=", *(source_path(module) for module in COMPILED)],
            opt_level="3",
            group_name=GROUP,
        )
    )


if __name__ == "__main__":
    from setuptools import setup

    setup(ext_modules=extension_modules())
