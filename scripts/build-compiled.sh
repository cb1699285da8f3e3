#!/usr/bin/env bash
# Build the compiled engine and solver (SPIDER_COMPILE=1, setup.py) into .compiled/, the
# folder that scripts/test.sh and bench/ put first on PYTHONPATH to run them compiled:
#   scripts/build-compiled.sh          (with .venv/bin/python; SPIDER_PYTHON=... for another)
# The whole package is installed there (pip install --target, no dependency), its engine and
# solver modules as extension modules beside their source. The build runs only when the
# sources, the build files or the interpreter changed since the last one (the stamp
# .compiled/.spider-build: scripts/sources-hash.sh); it is made in .compiled.new/ and replaces
# .compiled/ only when it succeeded. Needs a C compiler and the Python headers; pip brings
# mypy (mypyc) from the package index into its build environment (build_backend/).
set -euo pipefail
cd "$(dirname "$0")/.."
python=${SPIDER_PYTHON:-.venv/bin/python}
target=.compiled
stamp=$target/.spider-build
wanted=$(scripts/sources-hash.sh "$python")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  echo "compiled build: $target/ is up to date"
  exit 0
fi
echo "compiled build: building into $target/ (mypyc, about a minute on two cores)"
started=$SECONDS
rm -rf "$target.new"
# setuptools builds in build/ and copies the package there first: drop the last build's copy,
# so that a module deleted from src/ is not shipped again (the shared library and its objects
# stay: mypyc writes its C only when it changes, and an unchanged one is not compiled again)
rm -rf build/lib.*/spider_solitaire
SPIDER_COMPILE=1 "$python" -m pip install --quiet --disable-pip-version-check --no-deps \
  --target "$target.new" .
echo "$wanted" > "$target.new/.spider-build"
rm -rf "$target"
mv "$target.new" "$target"
echo "compiled build: done in $((SECONDS - started)) s"
