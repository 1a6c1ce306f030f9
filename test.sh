#!/usr/bin/env bash
# Runs the whole test suite: `./test.sh [dotnet test options]`.
# Beyond the .NET 10 SDK, the tests need Debian's chromium, gcc and zlib1g-dev (installed here when missing, see below),
# and Node.js with npm (on the machine image; the JSONC interop test installs its npm package from tests/jsonc-check's
# lock file by itself).
set -euo pipefail
cd "$(dirname "$0")"

# Debian packages the tests need: chromium (the diagnostics dashboard is checked in a headless browser), and a C
# toolchain with zlib for the Native AOT publishes (samples/MinimalAot and a test app are published and run).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v gcc >/dev/null 2>&1 || command -v clang >/dev/null 2>&1 || missing+=(gcc)
[ -e /usr/include/zlib.h ] || missing+=(zlib1g-dev)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    sudo=""
  elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "${missing[*]} missing and this user cannot install them; run: apt-get install ${missing[*]}" >&2
    exit 2
  fi
  echo "Installing ${missing[*]} for the tests..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

exec dotnet test Formatters.sln "$@"
