#!/usr/bin/env bash
# Creates .venv-frameworks/ (ignored) with the real frameworks of python/requirements-frameworks.txt,
# from the package indexes pip is configured with. Never fails CI: where nothing installs, the tests
# that need a framework skip and say why.
set -uo pipefail
cd "$(dirname "$0")/.."
venv=.venv-frameworks
reqs=python/requirements-frameworks.txt
stamp="$venv/.requirements"

# torchvision and timm (python/requirements-vision.txt) in $venv/vision: a venv of its own over $venv's
# packages (a .pth line), installed with --no-deps so torch stays the one $venv pins.
vision_venv() {
  local vision="$venv/vision" vreqs=python/requirements-vision.txt
  [ -x "$venv/bin/python" ] || return 0
  if [ -x "$vision/bin/python" ] && cmp -s "$vreqs" "$vision/.requirements"; then
    echo "frameworks: $vision is up to date"
    return 0
  fi
  rm -rf "$vision"
  "$python" -m venv "$vision" >/dev/null 2>&1 || { echo "frameworks: no $vision; the vision trace tests will skip"; return 0; }
  local site
  site=$("$vision/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  # Relative to $vision's site-packages: $venv's own (lib/pythonX.Y/site-packages, four levels up).
  echo "../../../../$(realpath --relative-to="$venv" "$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')")" >"$site/frameworks.pth"
  if "$vision/bin/pip" install --retries 0 --timeout 2 --no-cache-dir -q --no-deps -r "$vreqs" >"$vision/install.log" 2>&1; then
    cp "$vreqs" "$vision/.requirements"
    echo "frameworks: torchvision and timm installed into $vision"
  else
    echo "frameworks: pip install into $vision failed; the vision trace tests will skip"
    grep -v '^WARNING: Location' "$vision/install.log" | tail -3
  fi
}

python=$(command -v python3 || echo /usr/bin/python3)
if [ -x "$venv/bin/python" ] && cmp -s "$reqs" "$stamp"; then
  echo "frameworks: $venv is up to date"
  vision_venv
  exit 0
fi
started=$(date +%s)
rm -rf "$venv"
# The frameworks take about 3.5 GB installed (4.0 with the vision venv). A pip install that fills the disk
# leaves nothing for the rest of CI (the npm scripts' own writes failed with ENOSPC after one did), so
# with too little room the frameworks are skipped up front, and a failed install is removed again.
needed_kib=$((6 * 1024 * 1024))
free_kib=$(df -Pk . | awk 'NR == 2 { print $4 }')
if [ -n "$free_kib" ] && [ "$free_kib" -lt "$needed_kib" ]; then
  echo "frameworks: only $((free_kib / 1024)) MiB free here, 6144 MiB needed; not installed, tests that need JAX/PyTorch 2.13/TF/Ray/Lightning will skip"
  exit 0
fi
if ! "$python" -m venv "$venv" >/dev/null 2>&1; then
  echo "frameworks: $python -m venv failed; tests that need JAX/PyTorch 2.13/TF/Ray/Lightning will skip"
  rm -rf "$venv"
  exit 0
fi
if "$venv/bin/pip" install --retries 0 --timeout 2 --no-cache-dir -q -r "$reqs" >"$venv/install.log" 2>&1; then
  cp "$reqs" "$stamp"
  echo "frameworks: installed into $venv in $(($(date +%s) - started)) s"
else
  echo "frameworks: pip install failed (tail of its log below; the half-made $venv is removed); tests that need them will skip"
  grep -v '^WARNING: Location' "$venv/install.log" | tail -5
  rm -rf "$venv"
  exit 0
fi
vision_venv
exit 0
