#!/usr/bin/env bash
# Runs the whole test suite: `./test.sh [dotnet test options]`.
# Beyond the .NET 10 SDK, the tests need Debian's chromium (the diagnostics dashboard is checked in a headless
# browser), installed here when missing, and Node.js with npm (on the machine image; the JSONC interop test installs
# its npm package from tests/jsonc-check's lock file by itself).
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    sudo=""
  elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "chromium is missing and this user cannot install it; run: apt-get install chromium" >&2
    exit 2
  fi
  echo "Installing chromium for the dashboard browser test..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi

exec dotnet test Formatters.sln "$@"
