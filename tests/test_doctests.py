"""The ``>>>`` examples in the package's docstrings are run, and stay true.

Every module of the package is searched; each engine module must show at least one
example (python-chess style: a docstring says how to call it). The examples are read from
the source and run against the module as imported, so they run on the compiled build too
(:func:`package_modules.run_docstring_examples`).
"""

from __future__ import annotations

import pytest

from package_modules import PACKAGE, all_modules, room_of, run_docstring_examples


@pytest.mark.parametrize("name", all_modules(importable=True), ids=lambda name: name)
def test_docstring_examples(name: str) -> None:
    results = run_docstring_examples(name)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed"
    if room_of(name) == "engine" and name != PACKAGE:
        assert results.attempted > 0, f"{name} has no >>> example"
