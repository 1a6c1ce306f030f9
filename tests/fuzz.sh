#!/usr/bin/env bash
# The long fuzz pass: ./tests/fuzz.sh [iterations-per-format] [format...]
#
# Runs the in-process mutation fuzzer (tests/FastFormatters.Fuzzing) over every reader -- json, jmc, msgpack,
# msgpack-lz4, or only those named -- for the given number of inputs each (default 1,000,000), in Release, and prints
# per format: inputs run, inputs accepted and rejected, reads that threw anything but FormatReadException, the slowest
# input and the throughput. Each input is read into a dozen target types, placed so that it ends (or, every fourth
# input, starts) at a guard page, so a read past it kills the process instead of passing unseen.
#
# FUZZ_SEED=0x... picks other inputs (default: each format's fixed seed, the one CI uses); FUZZ_FIRST=N starts at
# iteration N. Needs only the .NET 10 SDK. Exits non-zero if any format failed the property or the run died.
set -euo pipefail
cd "$(dirname "$0")/.."

iterations="${1:-1000000}"
shift || true
if ! [[ "$iterations" =~ ^[0-9]+$ ]] || [ "$iterations" -lt 1 ]; then
  echo "usage: $0 [iterations-per-format] [json|jmc|msgpack|msgpack-lz4 ...]" >&2
  exit 2
fi
if ! command -v dotnet >/dev/null 2>&1; then
  echo "The .NET SDK (dotnet) is not on PATH; install the .NET 10 SDK." >&2
  exit 2
fi

filter="Category=FuzzLong"
if [ "$#" -gt 0 ]; then
  names=""
  for format in "$@"; do
    case "$format" in
      json) test_name="Json_reader" ;;
      jmc) test_name="Jmc_reader" ;;
      msgpack) test_name="MessagePack_reader" ;;
      msgpack-lz4) test_name="MessagePack_lz4_reader" ;;
      *) echo "Unknown format '$format': use json, jmc, msgpack or msgpack-lz4." >&2; exit 2 ;;
    esac
    names="${names:+$names|}FullyQualifiedName=FastFormatters.Fuzzing.LongFuzzTests.$test_name"
  done
  filter="$filter&($names)"
fi

# The reports stay in artifacts/fuzz (ignored by git): report.tsv, and report.tsv.details with per-target counts,
# the distinct rejection messages seen and any findings.
work="$PWD/artifacts/fuzz"
rm -rf "$work"
mkdir -p "$work"
export FUZZ_ITERATIONS="$iterations"
export FUZZ_REPORT="$work/report.tsv"
export FUZZ_CHECKPOINT="$work/checkpoint"

echo "Fuzzing $iterations inputs per format (Release build)..."
status=0
dotnet test tests/FastFormatters.Fuzzing -c Release --filter "$filter" --logger "console;verbosity=minimal" || status=$?

echo
if [ -s "$FUZZ_REPORT" ]; then
  awk -F'\t' 'BEGIN {
      printf "%-12s %-18s %10s %10s %10s %8s %14s %12s %10s %s\n", "format", "seed", "inputs", "accepted", "rejected", "other", "slowest (ms)", "at input", "inputs/s", "result"
    }
    { printf "%-12s %-18s %10s %10s %10s %8s %14s %12s %10s %s\n", $1, $2, $3, $4, $5, $6, $8, $9, $10, $13 }' "$FUZZ_REPORT"
  echo "(other = reads that threw something other than FormatReadException; each input is read by every target.)"
  echo "Details (per target, rejection messages seen, findings): artifacts/fuzz/report.tsv.details"
fi

if [ "$status" -ne 0 ]; then
  if [ -s "$FUZZ_REPORT.details" ]; then
    echo
    cat "$FUZZ_REPORT.details"
  fi
  if [ -s "$FUZZ_CHECKPOINT" ]; then
    read -r format seed reached _ <"$FUZZ_CHECKPOINT"
    if ! grep -q "^$format	" "$FUZZ_REPORT" 2>/dev/null; then
      echo "The test process died while fuzzing $format (a guard-page fault, a stack overflow): at or after iteration $reached of seed $seed."
      echo "Find the input (each is written to the checkpoint file before it is read):"
      echo "  FUZZ_REPLAY=$format:$seed:$reached-$((reached + 1023)) FUZZ_CHECKPOINT=last-input.txt \\"
      echo "    dotnet test tests/FastFormatters.Fuzzing -c Release --filter Category=FuzzReplay; cat last-input.txt"
    fi
  fi
  exit "$status"
fi
