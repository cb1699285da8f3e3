"""The ``>>>`` examples in the package's docstrings are run, and stay true.

Every module of the package is searched; each engine module must show at least one
example (python-chess style: a docstring says how to call it).
"""

from __future__ import annotations

import doctest
import importlib

import pytest

from package_modules import PACKAGE, all_modules, room_of


@pytest.mark.parametrize("name", all_modules(importable=True), ids=lambda name: name)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    results = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert results.failed == 0, f"{results.failed} of {results.attempted} examples failed"
    if room_of(name) == "engine" and name != PACKAGE:
        assert results.attempted > 0, f"{name} has no >>> example"
