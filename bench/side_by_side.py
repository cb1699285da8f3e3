"""The two builds side by side, for the benches that compare them (``solve.py``,
``engine.py``): the source (``src/``) and the compiled build (``.compiled/``, made by
``scripts/build-compiled.sh``, issue 22).

Each run of a build is a child process of the bench, the same script with ``--child``,
started with the build's folder alone on ``PYTHONPATH`` (before the installed package), so
that the two builds never share a process. The child prints its figures as one line of
JSON, the last line of its output.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder."""

BUILDS: dict[str, Path] = {"pure": ROOT / "src", "compiled": ROOT / ".compiled"}
"""Each build's name and the folder its ``spider_solitaire`` is imported from, in the
order the benches run them."""


def add_build_options(parser: argparse.ArgumentParser) -> None:
    """The options of a side-by-side bench: ``--builds`` (which builds to run, comma
    separated, default both) and ``--child`` (internal: run one build's part and print it
    as JSON)."""
    parser.add_argument(
        "--builds",
        default=",".join(BUILDS),
        type=lambda text: [name.strip() for name in text.split(",") if name.strip()],
        help=f"the builds to run, in this order, comma separated (of {', '.join(BUILDS)})",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)


def check_builds(names: list[str]) -> None:
    """Exit with a message naming the unknown build when ``names`` holds one (or none);
    build the compiled one (``scripts/build-compiled.sh``, with this interpreter, a no-op
    when it is up to date) when it is asked for."""
    unknown = [name for name in names if name not in BUILDS]
    if unknown or not names:
        sys.exit(f"--builds: {', '.join(unknown) or 'none'} (known: {', '.join(BUILDS)})")
    if "compiled" in names:
        env = {**os.environ, "SPIDER_PYTHON": sys.executable}
        subprocess.run([str(ROOT / "scripts" / "build-compiled.sh")], env=env, check=True)


def child_env(build: str) -> dict[str, str]:
    """The environment of a child process running ``build``: ``PYTHONPATH`` is its folder."""
    return {**os.environ, "PYTHONPATH": str(BUILDS[build])}


def run_child(build: str, script: str, arguments: list[str]) -> dict[str, object]:
    """Run ``script --child ARGUMENTS`` on ``build`` in a child process; return the JSON
    object of its last line of output. Raises ``CalledProcessError`` when it fails."""
    done = subprocess.run(
        [sys.executable, script, "--child", *arguments],
        env=child_env(build),
        check=True,
        capture_output=True,
        text=True,
    )
    row: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def module_file(build: str, module: str) -> str:
    """The file ``module`` is loaded from in ``build`` (relative to the project's folder
    when inside it): ``.py`` source, or an extension module when compiled."""
    done = subprocess.run(
        [sys.executable, "-c", f"import {module} as m; print(m.__file__)"],
        env=child_env(build),
        check=True,
        capture_output=True,
        text=True,
    )
    path = Path(done.stdout.strip())
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def print_origins(names: list[str], module: str) -> None:
    """Print which file each build's ``module`` came from, one line a build."""
    for name in names:
        print(f"{name + ':':10} {module} from {module_file(name, module)}", flush=True)
