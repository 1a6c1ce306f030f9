#!/usr/bin/env bash
# Coverage-guided fuzzing: ./tests/coverage-fuzz.sh [seconds-per-target] [json|jmc1|msgpack|lz4 ...]
#
# AFL++ drives tests/FastFormatters.CoverageFuzzing through SharpFuzz 2.3.0: the harness is published in Release, its
# copy of FastFormatters.Core.dll is instrumented (every FastFormatters type), and afl-fuzz runs each target for the given
# time (default 300 s) from the corpus kept in tests/FastFormatters.CoverageFuzzing/corpus/<target>. Each input is
# checked by the differential oracle (FuzzOracle): both readers accepting it with different values, or our reader
# throwing anything but FormatReadException, is a crash. Per target it prints executions, edges found, corpus size,
# crashes and hangs (from afl-fuzz's fuzzer_stats), and copies any crash or hang into artifacts/coverage-fuzz/findings.
#
# Installs what it needs: Debian's afl++ (apt-get, as root or through sudo) and the sharpfuzz tool (the repository's
# tool manifest, .config/dotnet-tools.json). FUZZ_KEEP_QUEUE=1 adds what AFL++ found, minimized by afl-cmin, to the kept
# corpus (which the Fuzzing tests replay through the oracle on every run).
# Exits non-zero when any target found a crash or a hang, or afl-fuzz failed.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

seconds="${1:-300}"
shift || true
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 10 ]; then
  echo "usage: $0 [seconds-per-target (at least 10)] [json|jmc1|msgpack|lz4 ...]" >&2
  exit 2
fi
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(json jmc1 msgpack lz4)
for target in "${targets[@]}"; do
  case "$target" in json|jmc1|msgpack|lz4) ;; *) echo "unknown target '$target': json, jmc1, msgpack or lz4" >&2; exit 2 ;; esac
done
command -v dotnet >/dev/null 2>&1 || { echo "The .NET SDK (dotnet) is not on PATH; install the .NET 10 SDK." >&2; exit 2; }

if ! command -v afl-fuzz >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "afl++ is missing and this user cannot install it; run: apt-get install afl++" >&2
    exit 2
  fi
  echo "Installing afl++..."
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq afl++ >/dev/null
fi
dotnet tool restore >/dev/null

work="$repo/artifacts/coverage-fuzz"
rm -rf "$work"
mkdir -p "$work/findings"
echo "Publishing the harness (Release) and instrumenting FastFormatters.Core.dll..."
dotnet publish tests/FastFormatters.CoverageFuzzing -c Release -o "$work/bin" -nologo -v quiet >/dev/null
dotnet sharpfuzz "$work/bin/FastFormatters.Core.dll" FastFormatters >/dev/null

export AFL_SKIP_BIN_CHECK=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1
stat() { awk -F' *: *' -v key="$1" '$1 == key { print $2 }' "$2"; }
status=0
printf '%-8s %10s %9s %10s %8s %8s %8s\n' target seconds execs edges corpus crashes hangs
for target in "${targets[@]}"; do
  corpus="$repo/tests/FastFormatters.CoverageFuzzing/corpus/$target"
  out="$work/$target"
  if ! afl-fuzz -i "$corpus" -o "$out" -t 10000 -m none -V "$seconds" -- dotnet "$work/bin/FastFormatters.CoverageFuzzing.dll" "$target" > "$work/$target.log" 2>&1; then
    echo "$target: afl-fuzz failed; see $work/$target.log (the input it was on: $out/default/.cur_input)" >&2
    status=1
    continue
  fi

  stats="$out/default/fuzzer_stats"
  crashes=$(stat saved_crashes "$stats")
  hangs=$(stat saved_hangs "$stats")
  printf '%-8s %10s %9s %10s %8s %8s %8s\n' "$target" "$(stat run_time "$stats")" "$(stat execs_done "$stats")" \
    "$(stat edges_found "$stats")" "$(stat corpus_count "$stats")" "$crashes" "$hangs"
  if [ "$crashes" != 0 ] || [ "$hangs" != 0 ]; then
    mkdir -p "$work/findings/$target"
    cp "$out"/default/crashes/id* "$out"/default/hangs/id* "$work/findings/$target/" 2>/dev/null || true
    status=1
  fi
  if [ "${FUZZ_KEEP_QUEUE:-0}" = 1 ]; then
    # The smallest set of the queue that covers what all of it covers, seeds left out (they are kept by name).
    afl-cmin -i "$out/default/queue" -o "$work/$target-min" -t 10000 -m none -- "$(command -v dotnet)" \
      "$work/bin/FastFormatters.CoverageFuzzing.dll" "$target" > "$work/$target-cmin.log" 2>&1
    for entry in "$work/$target-min"/id*; do
      case "$entry" in *orig:*) continue ;; esac
      cp "$entry" "$corpus/$(sha1sum "$entry" | cut -c1-16)"
    done
  fi
done

[ "$status" -eq 0 ] || echo "Findings (or failures) above: replay one with  dotnet $work/bin/FastFormatters.CoverageFuzzing.dll <target> < <file>" >&2
exit "$status"
