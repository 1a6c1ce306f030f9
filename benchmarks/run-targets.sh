#!/usr/bin/env bash
# The performance targets, each against the peer it names, measured in the same rounds: every round runs the four endpoints
# in turn with the modes their targets need, the order of the modes rotated from round to round so drift hits them all,
# then benchmarks/targets.py divides within each round and prints every target's median and (min–max) over the rounds,
# with the per-case medians.
#   statuses: fast stj-sg mpcs prebaked     book: fast prebaked     citm: fast stj-sg mpcs prebaked
#   mticker nticker: builtin fast (the minimal-API ticker: builtin's inferred JSON body against NegotiatedBody<T>)
# A target is judged by server CPU per request (the harness's user + system time over the measured run ÷ requests).
#
# Usage: bash benchmarks/run-targets.sh
# Environment (defaults): ROUNDS=5, DURATION=5, WARMUP=15 (per case, as run-http.sh), SKIP_BUILD=1 to use the harness
# already built. Each round takes about 10.5 minutes on two cores; the run's results.tsv and summary go to
# benchmarks/results/targets-<timestamp>/.
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
[[ $ROUNDS =~ ^[0-9]+$ ]] && (( ROUNDS >= 1 && ROUNDS <= 20 )) || { echo "run-targets.sh: ROUNDS must be 1..20" >&2; exit 1; }
out="benchmarks/results/targets-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"

# The endpoints and the modes their targets compare.
specs=("statuses:fast stj-sg mpcs prebaked" "book:fast prebaked" "citm:fast stj-sg mpcs prebaked" "mticker nticker:builtin fast")

rotate() { # n words...: the words, starting from the n-th (mod their count)
  local n=$1; shift
  local words=("$@")
  local k=$(( n % ${#words[@]} ))
  echo "${words[@]:k} ${words[@]:0:k}"
}

skip_build=${SKIP_BUILD:-}
for round in $(seq 1 "$ROUNDS"); do
  for spec in "${specs[@]}"; do
    endpoints=${spec%%:*}
    # shellcheck disable=SC2086 # the modes are words
    modes=$(rotate "$round" ${spec#*:})
    log="$out/round$round-${endpoints// /-}.log"
    SKIP_BUILD=$skip_build ROUNDS=1 DURATION=${DURATION:-5} WARMUP=${WARMUP:-15} ENDPOINTS="$endpoints" MODES="$modes" \
      bash benchmarks/run-http.sh > "$log" 2>&1 || { echo "run-targets.sh: run-http.sh failed, see $log" >&2; exit 1; }
    skip_build=1 # built once, by the first run
    run=$(grep -o 'benchmarks/results/http-[0-9-]*' "$log" | tail -1)
    echo "round $round, $endpoints: $run" | tee -a "$out/runs.txt"
    tail -n +2 "$run/results.tsv" | awk -v r="$round" 'BEGIN { OFS = "\t" } { $1 = r; print }' >> "$out/results.tsv"
  done
done

python3 benchmarks/targets.py "$out/results.tsv" | tee "$out/summary.md"
