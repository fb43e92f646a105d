#!/usr/bin/env bash
# Creates .venv-frameworks/ (ignored) with the real frameworks of python/requirements-frameworks.txt,
# from the package indexes pip is configured with. Never fails CI: where nothing installs, the tests
# that need a framework skip and say why.
set -uo pipefail
cd "$(dirname "$0")/.."
venv=.venv-frameworks
reqs=python/requirements-frameworks.txt
stamp="$venv/.requirements"
if [ -x "$venv/bin/python" ] && cmp -s "$reqs" "$stamp"; then
  echo "frameworks: $venv is up to date"
  exit 0
fi
python=$(command -v python3 || echo /usr/bin/python3)
started=$(date +%s)
rm -rf "$venv"
if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
  echo "frameworks: $python -m venv failed; tests that need JAX/PyTorch 2.13/TF/Ray/Lightning will skip"
  rm -rf "$venv"
  exit 0
fi
if "$venv/bin/pip" install --retries 0 --timeout 2 -q -r "$reqs" >"$venv/install.log" 2>&1; then
  cp "$reqs" "$stamp"
  echo "frameworks: installed into $venv in $(($(date +%s) - started)) s"
else
  echo "frameworks: pip install failed (tail of $venv/install.log below); tests that need them will skip"
  grep -v '^WARNING: Location' "$venv/install.log" | tail -5
fi
exit 0
