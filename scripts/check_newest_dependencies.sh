#!/usr/bin/env bash
# Scheduled check (weekly, and before a release): the suite against the newest versions that
# pyproject.toml allows, so that a new release of a dependency that breaks deepsink is found here
# before a user installing deepsink today finds it.
#
#   scripts/check_newest_dependencies.sh            # the whole suite, as CI runs it
#   scripts/check_newest_dependencies.sh -m "not slow"   # extra arguments go to pytest
#
# Makes a fresh virtualenv in a temporary folder (removed at exit; DEEPSINK_NEWEST_VENV names a
# folder to keep instead), installs deepsink with `pip install --upgrade --upgrade-strategy eager`
# (every dependency at the newest version its range in pyproject.toml allows, none from a cache
# of older wheels), prints the versions it got, then runs the lint and the suite as .ci/run does.
# Exit status: pytest's (or pip's, when the install fails).
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${DEEPSINK_NEWEST_VENV:-}"
if [[ -z "$venv" ]]; then
    venv="$(mktemp -d -t deepsink-newest-XXXXXX)"
    trap 'rm -rf "$venv"' EXIT
fi
python3 -m venv "$venv"
py="$venv/bin/python"
"$py" -m pip install -q --upgrade pip
"$py" -m pip install -q --no-cache-dir --upgrade --upgrade-strategy eager -e ".[test]"
echo "== versions installed (newest allowed by pyproject.toml) =="
"$py" -m pip list --format=freeze | sort -f
"$py" -m ruff check deepsink tests bench scripts
"$py" -m ruff format --check deepsink tests bench scripts
"$py" -m pytest -n auto --dist loadfile "$@"
