#!/usr/bin/env bash
# Install the project into .venv (first run only needs Python 3.11+) and start the game.
# Arguments go to `spider play`, e.g. scripts/play.sh SP1-S2C-AAAAAAD
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/spider play "$@"
