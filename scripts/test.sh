#!/usr/bin/env bash
# Install everything the tests need (the project with its test and hosting extras in .venv,
# pinned by constraints.txt; Debian's Chromium for the browser tests, Debian's Node.js for
# the browser code's pure tests, Debian's PostgreSQL for the server tests and a C compiler
# for the compiled build, each when it is missing), start a throwaway PostgreSQL cluster on a
# free port (stopped at exit), then run every check: ruff (lint + format), mypy --strict, and
# the whole pytest suite (the server tests on SQLite and on PostgreSQL). Without apt, the
# PostgreSQL tests are skipped with a notice.
#
# pytest runs in two steps, each on up to two processes (pytest-xdist; SPIDER_TEST_WORKERS
# sets how many, 0 for none): the tests not marked slow, then the slow ones (`-m slow`:
# solver-heavy tests, real server processes). Then the engine's and the solver's tests (the
# top of tests/ and tests/solver/, slow or not) run again on the compiled build (issue 22):
# scripts/build-compiled.sh builds it into .compiled/ (again only when the sources changed),
# and pytest runs with PYTHONPATH=.compiled and SPIDER_EXPECT_COMPILED=1
# (tests/test_compiled.py checks that the compiled modules were loaded).
# SPIDER_TEST_COMPILED=0 leaves the compiled build out, with a notice. Every step always
# runs; the command fails when any fails. Arguments go to every pytest step (for example a
# test file; the compiled run then runs those instead of its own). The whole run's wall
# time is printed at the end, and the compiled build's share of it.
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
# the source, editable (never compiled: build_backend/spider_build.py refuses SPIDER_COMPILE=1)
env -u SPIDER_COMPILE .venv/bin/python -m pip install --quiet --disable-pip-version-check \
  -c constraints.txt -e '.[test,hosting]'
# Debian packages, installed when missing (scripts/apt-install.sh waits for a busy apt lock)
if [ ! -x /usr/bin/chromium ]; then
  scripts/apt-install.sh chromium
fi
if ! command -v node >/dev/null; then
  scripts/apt-install.sh nodejs
fi
compile=${SPIDER_TEST_COMPILED:-1}
if [ "$compile" != 0 ]; then
  # the compiled build needs a C compiler and the interpreter's headers
  if ! command -v cc >/dev/null && ! command -v gcc >/dev/null; then
    scripts/apt-install.sh gcc libc6-dev
  fi
  if ! .venv/bin/python -c 'import os, sysconfig, sys
sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))'; then
    scripts/apt-install.sh python3-dev
  fi
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
.venv/bin/ruff check src tests bench setup.py build_backend
.venv/bin/ruff format --check src tests bench setup.py build_backend
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
compiled=0
if [ "$compile" != 0 ]; then
  compiled_started=$SECONDS
  echo "== the compiled build (scripts/build-compiled.sh)"
  compiled_tests=("$@")
  if [ "$#" = 0 ]; then
    # the engine's tests (the top of tests/) and the solver's, slow or not
    compiled_tests=(tests/test_*.py tests/solver)
  fi
  if scripts/build-compiled.sh; then
    echo "== pytest on the compiled build (PYTHONPATH=.compiled)"
    PYTHONPATH="$PWD/.compiled" SPIDER_EXPECT_COMPILED=1 \
      .venv/bin/pytest ${parallel[@]+"${parallel[@]}"} "${compiled_tests[@]}" || compiled=$?
  else
    echo "the compiled build failed" >&2
    compiled=1
  fi
  compiled_seconds=$((SECONDS - compiled_started))
  echo "compiled build and its tests: $((compiled_seconds / 60)) min $((compiled_seconds % 60)) s"
else
  echo "NOTICE: SPIDER_TEST_COMPILED=0: the compiled build is not built nor tested" >&2
  compiled=5
fi
# exit code 5 (no test selected: say, a file without slow tests) fails only if all have it
for code in "$fast" "$slow" "$compiled"; do
  if [ "$code" != 0 ] && [ "$code" != 5 ]; then
    echo "failed (pytest not slow: exit $fast, slow: exit $slow; compiled build: exit $compiled)" >&2
    exit "$code"
  fi
done
if [ "$fast" = 5 ] && [ "$slow" = 5 ] && [ "$compiled" = 5 ]; then
  exit 5
fi
