#!/usr/bin/env bash
# Install everything the tests need (the project with its test and hosting extras in .venv,
# pinned by constraints.txt; Debian's Chromium for the browser tests, Debian's Node.js for
# the browser code's pure tests and Debian's PostgreSQL for the server tests, each when it is
# missing), start a throwaway PostgreSQL cluster on a free port (stopped at exit), then run
# every check: ruff (lint + format), mypy --strict, and the whole pytest suite (the server
# tests on SQLite and on PostgreSQL). Without apt, the PostgreSQL tests are skipped with a
# notice.
#
# pytest runs in two steps, each on up to two processes (pytest-xdist; SPIDER_TEST_WORKERS
# sets how many, 0 for none): the tests not marked slow, then the slow ones (`-m slow`:
# solver-heavy tests, real server processes). Both steps always run; the command fails when
# either fails. Arguments go to both steps (for example a test file). The whole run's wall
# time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
pg_dir=
finish() {
  if [ -n "$pg_dir" ]; then
    scripts/pg-cluster.sh stop "$pg_dir"
  fi
  elapsed=$((SECONDS - started))
  echo "test command: $((elapsed / 60)) min $((elapsed % 60)) s"
}
trap finish EXIT
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
# two workers at most (the suite is sized for two cores); none on a single core
cores=$(nproc)
workers=${SPIDER_TEST_WORKERS:-$((cores < 2 ? 0 : 2))}
parallel=()
if [ "$workers" -gt 0 ]; then
  # --dist load (not loadscope, loadfile or loadgroup, which key on node ids: the schemathesis
  # tests of tests/server/test_openapi.py share one and would run once)
  parallel=(-n "$workers" --dist load)
fi
echo "== pytest -m 'not slow'"
fast=0
.venv/bin/pytest ${parallel[@]+"${parallel[@]}"} -m "not slow" "$@" || fast=$?
echo "== pytest -m slow"
slow=0
.venv/bin/pytest ${parallel[@]+"${parallel[@]}"} -m slow "$@" || slow=$?
# exit code 5 (no test selected: say, a file without slow tests) fails only if both have it
for code in "$fast" "$slow"; do
  if [ "$code" != 0 ] && [ "$code" != 5 ]; then
    echo "pytest failed (not slow: exit $fast, slow: exit $slow)" >&2
    exit "$code"
  fi
done
if [ "$fast" = 5 ] && [ "$slow" = 5 ]; then
  exit 5
fi
