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

# apt-get install PACKAGE..., as root or through sudo; waits up to 5 minutes for a package
# manager that is busy (an unattended upgrade, another install) instead of failing
apt_install() {
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" >/dev/null
}
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
if ! command -v node >/dev/null; then
  apt_install nodejs
fi
echo "== ruff"
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
echo "== mypy --strict"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest "$@"
