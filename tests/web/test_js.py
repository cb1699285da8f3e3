"""The browser code's pure modules (layout, events and the table they lead to, the
animation plan read from events) tested without a browser: runs ``tests/web/*.test.mjs``
with Node's built-in test runner and fails with Node's output when a JavaScript test
fails. Skips when ``node`` is missing (``./scripts/test.sh`` installs Debian's ``nodejs``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
JS_TESTS = sorted(HERE.glob("*.test.mjs"))


@pytest.mark.parametrize("path", JS_TESTS, ids=[p.name for p in JS_TESTS])
def test_node_tests_pass(path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is missing: install Debian's nodejs (./scripts/test.sh does)")
    result = subprocess.run(
        [node, "--test", "--test-reporter=tap", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = result.stdout + result.stderr
    if result.returncode != 0:
        pytest.fail(f"node --test {path.name} failed:\n{output}", pytrace=False)
    passed = re.search(r"^# pass (\d+)$", result.stdout, re.MULTILINE)
    assert passed is not None and int(passed.group(1)) > 0, output  # no test ran at all


def test_the_pure_parts_have_node_tests() -> None:
    """Card placement and spacing, applying events and the animation plan are tested here
    at least."""
    names = {path.name for path in JS_TESTS}
    assert {"layout.test.mjs", "events.test.mjs", "animate.test.mjs"} <= names, names
