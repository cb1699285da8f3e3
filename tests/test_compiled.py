"""The opt-in compiled build (issue 22): what ``setup.py`` compiles covers the engine and
the solver, the build backend asks for mypy only for a compiled build, and each test run
loaded the build it says it runs on (``tests/builds.py``)."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import os
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from builds import COMPILED, COMPILED_FOLDER, EXPECT_COMPILED, GROUP, LEFT_OUT, ROOT
from package_modules import all_modules, room_of

ON_THE_SOURCE = "a run on the source; scripts/test.sh's compiled run (SPIDER_EXPECT_COMPILED=1)"
ON_THE_BUILD = "the compiled build's run (SPIDER_EXPECT_COMPILED=1); this one checks the source"


def load_backend() -> ModuleType:
    """The build backend, ``build_backend/spider_build.py``, imported from its file."""
    spec = importlib.util.spec_from_file_location(
        "spider_build", ROOT / "build_backend" / "spider_build.py"
    )
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    return backend


def release(text: str) -> tuple[int, ...]:
    """A release number as a tuple of ints (``"2.4.1"`` -> ``(2, 4, 1)``)."""
    return tuple(int(part) for part in text.split("."))


def test_every_engine_and_solver_module_is_compiled_or_left_out_with_a_reason() -> None:
    rooms = {module for module in all_modules() if room_of(module) in ("engine", "solver")}
    assert len(COMPILED) == len(set(COMPILED)) == 19
    assert set(COMPILED) & set(LEFT_OUT) == set()
    assert sorted(set(COMPILED) | set(LEFT_OUT)) == sorted(rooms)
    assert all(len(reason) >= 30 for reason in LEFT_OUT.values())
    assert {"spider_solitaire.rules", "spider_solitaire.solver.beam"} <= set(COMPILED)
    for module in COMPILED:
        assert (ROOT / "src" / Path(*module.split("."))).with_suffix(".py").is_file()


def test_the_build_asks_for_mypy_only_when_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = load_backend()
    seen: list[str | None] = []

    def setuptools_requires(settings: object = None) -> list[str]:
        seen.append(os.environ.get("SPIDER_COMPILE"))
        return ["setuptools-extra"]

    monkeypatch.setattr(backend.build_meta, "get_requires_for_build_wheel", setuptools_requires)
    monkeypatch.delenv("SPIDER_COMPILE", raising=False)
    assert backend.get_requires_for_build_wheel() == ["setuptools-extra"]
    monkeypatch.setenv("SPIDER_COMPILE", "1")
    assert backend.get_requires_for_build_wheel() == ["setuptools-extra", "mypy>=2.4.1,<2.5"]
    # setup.py ran without the variable (mypyc is not installed yet), which is back after
    assert seen == [None, None]
    assert os.environ["SPIDER_COMPILE"] == "1"


def test_an_editable_install_is_never_compiled(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = load_backend()
    monkeypatch.setenv("SPIDER_COMPILE", "1")
    with pytest.raises(backend.EditableCompileError, match=r"SPIDER_COMPILE=1 pip install \. "):
        backend.get_requires_for_build_editable()
    with pytest.raises(backend.EditableCompileError, match="would land in src/"):
        backend.build_editable("dist")


def test_the_compiled_build_asks_for_the_mypy_the_tests_pin() -> None:
    constraints = (ROOT / "constraints.txt").read_text(encoding="utf-8")
    pinned = re.search(r"^mypy==(\S+)$", constraints, re.MULTILINE)
    assert pinned is not None
    bounds = re.fullmatch(r"mypy>=(\S+),<(\S+)", load_backend().MYPY)
    assert bounds is not None
    low, high = bounds.groups()
    assert release(low) <= release(pinned.group(1)) < release(high)


@pytest.mark.skipif(not EXPECT_COMPILED, reason=ON_THE_SOURCE + " checks the compiled build")
@pytest.mark.parametrize("module", COMPILED)
def test_each_compiled_module_is_an_extension_module_of_the_build(module: str) -> None:
    loaded = importlib.import_module(module)
    assert loaded.__spec__ is not None
    assert isinstance(loaded.__spec__.loader, importlib.machinery.ExtensionFileLoader)
    path = Path(str(loaded.__file__))
    assert path.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), path
    assert path.is_relative_to(COMPILED_FOLDER), path
    shared = sys.modules[f"{GROUP}__mypyc"]
    assert Path(str(shared.__file__)).parent == COMPILED_FOLDER


@pytest.mark.skipif(not EXPECT_COMPILED, reason=ON_THE_SOURCE + " checks the compiled build")
@pytest.mark.parametrize("module", sorted(LEFT_OUT))
def test_each_module_left_out_is_python_source_of_the_build(module: str) -> None:
    path = Path(str(importlib.import_module(module).__file__))
    assert path.suffix == ".py" and path.is_relative_to(COMPILED_FOLDER), path


@pytest.mark.skipif(EXPECT_COMPILED, reason=ON_THE_BUILD)
@pytest.mark.parametrize("module", COMPILED)
def test_on_the_source_each_module_is_its_python_source(module: str) -> None:
    path = Path(str(importlib.import_module(module).__file__))
    assert path.suffix == ".py", (
        f"{module} was loaded from {path}: this environment holds the compiled build "
        "(SPIDER_COMPILE=1 ./scripts/play.sh installs it); ./scripts/test.sh installs the "
        "source again"
    )
