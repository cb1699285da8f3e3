#!/usr/bin/env bash
# Install the project into .venv (first run only needs Python 3.11+) and start the game.
# Arguments go to `spider play`, e.g. scripts/play.sh SP1-S2C-AAAAAAD
# The install runs again only when the project's metadata (pyproject.toml) has changed, so a
# second start is quick and needs no network.
#
# SPIDER_COMPILE=1 scripts/play.sh installs the compiled build instead (the engine and the
# solver compiled by mypyc: a C compiler and the Python headers needed, mypy fetched by pip
# for the build). It is installed, not editable (an editable install is never compiled:
# build_backend/spider_build.py), so it is built again whenever a source file changes
# (scripts/sources-hash.sh). Starting without the variable goes back to the editable source.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=.venv/.spider-play-installed
pip=(.venv/bin/python -m pip install --quiet --disable-pip-version-check)
if [ "${SPIDER_COMPILE:-}" = 1 ]; then
  wanted="compiled $(scripts/sources-hash.sh .venv/bin/python)"
  install=(env SPIDER_COMPILE=1 "${pip[@]}" '.[server]')
else
  wanted="source $(sha256sum pyproject.toml | cut -d' ' -f1)"
  install=(env -u SPIDER_COMPILE "${pip[@]}" -e '.[server]')
fi
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ] || [ ! -x .venv/bin/spider ]; then
  if [ "${SPIDER_COMPILE:-}" = 1 ]; then
    echo "play: installing the compiled build (mypyc, about a minute)" >&2
    rm -rf build/lib.*/spider_solitaire  # the last build's copy (see scripts/build-compiled.sh)
  fi
  "${install[@]}"
  echo "$wanted" > "$stamp"
fi
exec .venv/bin/spider play "$@"
