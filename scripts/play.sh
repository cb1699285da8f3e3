#!/usr/bin/env bash
# Install the project into .venv (first run only needs Python 3.11+) and start the game.
# Arguments go to `spider play`, e.g. scripts/play.sh SP1-S2C-AAAAAAD
# The install runs again only when the project's metadata (pyproject.toml) has changed, so a
# second start is quick and needs no network.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.spider-play-installed
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ] || [ ! -x .venv/bin/spider ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[server]'
  echo "$wanted" > "$stamp"
fi
exec .venv/bin/spider play "$@"
