#!/usr/bin/env bash
# Install everything the tests need (the project with its test extras in .venv, Debian's
# Chromium for the browser tests and Debian's Node.js for the browser code's pure tests, each
# when it is missing), then run every check: ruff (lint + format), mypy --strict, and the
# whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
# Debian packages, installed when missing (scripts/apt-install.sh waits for a busy apt lock)
if [ ! -x /usr/bin/chromium ]; then
  scripts/apt-install.sh chromium
fi
if ! command -v node >/dev/null; then
  scripts/apt-install.sh nodejs
fi
echo "== ruff"
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest "$@"
