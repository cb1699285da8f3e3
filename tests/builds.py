"""Which build of the package the tests run on: its source, or the compiled build.

``scripts/test.sh`` runs the engine's and the solver's tests twice: on the source, then on
the compiled build (``scripts/build-compiled.sh`` makes it in ``.compiled/``) with
``PYTHONPATH=.compiled`` and ``SPIDER_EXPECT_COMPILED=1``. What is compiled is stated in
``setup.py`` (:data:`COMPILED`, :data:`LEFT_OUT`); ``tests/test_compiled.py`` checks that
each run loaded the build it says.
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder (the one holding ``setup.py`` and ``src``)."""

COMPILED_FOLDER = ROOT / ".compiled"
"""Where ``scripts/build-compiled.sh`` installs the compiled build."""

EXPECT_COMPILED = os.environ.get("SPIDER_EXPECT_COMPILED") == "1"
"""Whether this run is the compiled build's (``SPIDER_EXPECT_COMPILED=1``)."""

_SETUP = runpy.run_path(str(ROOT / "setup.py"), run_name="setup")  # not __main__: no build
COMPILED: tuple[str, ...] = _SETUP["COMPILED"]
"""The modules built as extension modules (``setup.py``), by dotted name."""
LEFT_OUT: dict[str, str] = _SETUP["LEFT_OUT"]
"""The engine's and the solver's modules left pure, with the reason (``setup.py``)."""
GROUP: str = _SETUP["GROUP"]
"""mypyc's group name (``setup.py``): the shared library is ``GROUP + "__mypyc"``."""
