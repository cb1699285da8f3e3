#!/usr/bin/env bash
# Print one hash of what a compiled build is made of: the interpreter (PYTHON, its version
# and build) and every file of src/ (but caches and build output), setup.py, pyproject.toml
# and build_backend/. scripts/build-compiled.sh and scripts/play.sh keep it as the stamp of
# the build they made, and build again when it changes.
#   scripts/sources-hash.sh PYTHON
set -euo pipefail
cd "$(dirname "$0")/.."
python=${1:?usage: $0 PYTHON}
{
  "$python" -VV
  find src setup.py pyproject.toml build_backend -type f \
    ! -path '*/__pycache__/*' ! -path '*.egg-info/*' ! -name '*.pyc' ! -name '*.so' -print0 \
    | sort -z | xargs -0 sha256sum
} | sha256sum | cut -d' ' -f1
