#!/usr/bin/env bash
# Install everything the tests need (the project with its test and hosting extras in .venv,
# pinned by constraints.txt; Debian's Chromium for the browser tests, Debian's Node.js for
# the browser code's pure tests and Debian's PostgreSQL for the server tests, each when it is
# missing), start a throwaway PostgreSQL cluster on a free port (stopped at exit), then run
# every check: ruff (lint + format), mypy --strict, and the whole pytest suite (the server
# tests on SQLite and on PostgreSQL). Without apt, the PostgreSQL tests are skipped with a
# notice.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -c constraints.txt \
  -e '.[test,hosting]'
# Debian packages, installed when missing (scripts/apt-install.sh waits for a busy apt lock)
if [ ! -x /usr/bin/chromium ]; then
  scripts/apt-install.sh chromium
fi
if ! command -v node >/dev/null; then
  scripts/apt-install.sh nodejs
fi
# A throwaway PostgreSQL cluster (scripts/pg-cluster.sh), its URL for the server tests
if [ -z "${SPIDER_TEST_PG_URL:-}" ]; then
  pg_dir=$(mktemp -d /tmp/spider-pg.XXXXXX)
  trap 'scripts/pg-cluster.sh stop "$pg_dir"' EXIT
  if SPIDER_TEST_PG_URL=$(scripts/pg-cluster.sh start "$pg_dir"); then
    export SPIDER_TEST_PG_URL
  else
    echo "NOTICE: no PostgreSQL cluster could be started: the PostgreSQL tests are skipped" >&2
    unset SPIDER_TEST_PG_URL
  fi
fi
echo "== ruff"
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest "$@"
