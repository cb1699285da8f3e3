#!/usr/bin/env bash
# Install Debian packages for the tests: scripts/apt-install.sh PACKAGE...
# Runs apt-get as root (or through sudo), and waits for a busy package-manager lock (another
# apt or dpkg at work, e.g. an automatic update at boot) instead of failing: dpkg's lock with
# DPkg::Lock::Timeout, the package lists' lock by retrying `apt-get update`.
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: $0 PACKAGE..." >&2; exit 2; }
if ! command -v apt-get >/dev/null 2>&1; then
  echo "apt-install: no apt-get on this machine; install $* by hand" >&2
  exit 1
fi
run=()
[ "$(id -u)" = 0 ] || run=(sudo)
wait_seconds=600
export DEBIAN_FRONTEND=noninteractive
waited=0
until "${run[@]}" apt-get -o DPkg::Lock::Timeout="$wait_seconds" update -qq; do
  if [ "$waited" -ge "$wait_seconds" ]; then
    echo "apt-install: apt-get update kept failing for ${wait_seconds}s" >&2
    exit 1
  fi
  echo "apt-install: apt-get update failed (a busy lock?); trying again in 10 s" >&2
  sleep 10
  waited=$((waited + 10))
done
"${run[@]}" apt-get -o DPkg::Lock::Timeout="$wait_seconds" install -y -qq "$@" >/dev/null
