#!/usr/bin/env bash
# Before/after in one command: builds BASE (a commit, branch or tag) in a git worktree beside this working tree and the
# working tree itself, then runs the same HTTP cases (run-http.sh, server CPU per request) and, optionally, the same
# microbenchmarks against both, alternating (base, working tree, working tree, base, ...) so drift hits both alike, and
# prints the working tree ÷ base ratio of each figure: its median over the rounds and (min–max).
#
# Usage: bash benchmarks/run-compare.sh BASE
# Environment (defaults):
#   ROUNDS=4            HTTP rounds; each runs every case once per side, the sides' order swapped every round (0: none)
#   MODE=fast           the harness mode both sides run (fast, fast-sg, fast-nometrics, ...)
#   ENDPOINTS="statuses citm book ticker"  FORMATS="json msgpack jsonc"   as run-http.sh
#   DURATION=10 WARMUP=15 CONNECTIONS=16   per measured case, as run-http.sh
#   MICRO_FILTER=""     a BenchmarkDotNet filter (e.g. '*TwitterBenchmarks.Fast*'); empty runs no microbenchmark
#   MICRO_ROUNDS=2      microbenchmark runs per side, alternating, each in process
#   MICRO_JOB="--job short"  BenchmarkDotNet's job options for them; a 2 % question needs more iterations, e.g.
#                       MICRO_JOB="--warmupCount 3 --iterationCount 15"
#   INTERLEAVED=""      microbenchmark cases to time in one process per run, both builds loaded side by side and timed
#                       in alternating batches (benchmarks/Interleaved): Class.Method[:Property=Value,...], space-separated,
#                       e.g. 'TwitterBenchmarks.Serialize_FastJson:Scale=1 CitmBenchmarks.Deserialize_FastMessagePack:Scale=10';
#                       resolves about 1 % where separate BenchmarkDotNet runs resolve 5 – 10 % on this machine
#   INTERLEAVED_PROCESSES=6  processes, alternating which build is set up first; the judged ratio is their median
#   INTERLEAVED_PAIRS=100    pairs of batches per case and process; INTERLEAVED_BATCH_MS=20 each batch's length
#   COMPARE_DIR         where the base worktree and both builds go (default: <this tree>-compare beside it)
# The worktree and builds stay for the next run with the same BASE. Results: benchmarks/results/compare-<timestamp>/
# (summary.md, results.tsv with a side column, each side's run-http.sh folders and BenchmarkDotNet reports).
# CPU per request (the harness's user + system time over the measured run ÷ the requests it answered) is the judged
# figure; a ratio below 1 means the working tree spends less CPU per request than BASE.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

die() { echo "run-compare.sh: $*" >&2; exit 1; }
[ $# -eq 1 ] || die "usage: bash benchmarks/run-compare.sh BASE"
ROUNDS=${ROUNDS:-4}
MODE=${MODE:-fast}
MICRO_FILTER=${MICRO_FILTER:-}
MICRO_ROUNDS=${MICRO_ROUNDS:-2}
MICRO_JOB=${MICRO_JOB:---job short}
INTERLEAVED=${INTERLEAVED:-}
INTERLEAVED_PROCESSES=${INTERLEAVED_PROCESSES:-6}
[[ $INTERLEAVED_PROCESSES =~ ^[0-9]+$ ]] && (( INTERLEAVED_PROCESSES >= 1 && INTERLEAVED_PROCESSES <= 50 )) || die "INTERLEAVED_PROCESSES must be 1..50"
[[ $ROUNDS =~ ^[0-9]+$ ]] && (( ROUNDS <= 20 )) || die "ROUNDS must be 0..20"
[[ $MICRO_ROUNDS =~ ^[0-9]+$ ]] && (( MICRO_ROUNDS >= 1 && MICRO_ROUNDS <= 10 )) || die "MICRO_ROUNDS must be 1..10"
command -v python3 >/dev/null || die "python3 is not on PATH"

# shellcheck source=benchmarks/base-tree.sh
source "$repo/benchmarks/base-tree.sh"
base_tree_for "$1" || die "no base tree"

# Both sides read the benchmark documents from this tree's data folder.
export FASTFORMATTERS_BENCHMARK_DATA=${FASTFORMATTERS_BENCHMARK_DATA:-$(dirname "$repo")/shared/data}

declare -A tree=([base]="$base_tree" [head]="$repo")
declare -A artifacts=([base]="$base_artifacts" [head]="$compare_dir/artifacts-head")
(( ROUNDS > 0 || ${#MICRO_FILTER} > 0 || ${#INTERLEAVED} > 0 )) || die "nothing to run: ROUNDS=0, no MICRO_FILTER and no INTERLEAVED"
for side in base head; do
  (( ROUNDS > 0 )) || break
  echo "Building the harness of $side (Release) ..." >&2
  dotnet build "${tree[$side]}/benchmarks/Http/FastFormatters.Benchmarks.Http.csproj" -c Release -nologo -v quiet \
    --artifacts-path "${artifacts[$side]}" >&2 || die "the $side harness did not build"
done

if [ -n "$INTERLEAVED" ]; then
  for side in base head; do
    echo "Building the microbenchmarks of $side (Release) ..." >&2
    dotnet build "${tree[$side]}/benchmarks/Micro/FastFormatters.Benchmarks.Micro.csproj" -c Release -nologo -v quiet \
      --artifacts-path "${artifacts[$side]}" >&2 || die "the $side microbenchmarks did not build"
  done
  echo "Building the interleaving runner (Release) ..." >&2
  dotnet build "$repo/benchmarks/Interleaved/FastFormatters.Benchmarks.Interleaved.csproj" -c Release -nologo -v quiet \
    --artifacts-path "${artifacts[head]}" >&2 || die "benchmarks/Interleaved did not build"
fi

out="$repo/benchmarks/results/compare-$(date -u +%Y%m%d-%H%M%S)"
mkdir -p "$out"
{
  echo "base: $base_sha ($(git log -1 --format=%s "$base_sha"))"
  echo "head: $(git rev-parse HEAD)$(git diff --quiet HEAD -- src benchmarks || echo ' with uncommitted changes')"
  echo "micro: ${MICRO_FILTER:-none} ($MICRO_JOB, $MICRO_ROUNDS rounds per side); interleaved: ${INTERLEAVED:-none} ($INTERLEAVED_PROCESSES processes, ${INTERLEAVED_PAIRS:-100} pairs of ${INTERLEAVED_BATCH_MS:-20} ms batches); mode: $MODE; endpoints: ${ENDPOINTS:-statuses citm book ticker}; formats: ${FORMATS:-json msgpack jsonc}; rounds: $ROUNDS"
  echo "machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); wrk and the harness share them"
} >"$out/about.txt"
printf 'side\tround\tendpoint\tformat\tmode\trps\tp99_us\talloc_per_req\tbytes\terrors\tcpu_us_per_req\twork_items_per_req\n' >"$out/results.tsv"

# One side's cases for one round, by this tree's run-http.sh over that side's build.
http_round() { # side round
  local side=$1 round=$2 log="$out/http-$1-round$2.log"
  echo "HTTP round $round: $side" >&2
  SKIP_BUILD=1 ARTIFACTS_PATH="${artifacts[$side]}" ROUNDS=1 MODES="$MODE" ENDPOINTS="${ENDPOINTS:-statuses citm book ticker}" \
    FORMATS="${FORMATS:-json msgpack jsonc}" DURATION="${DURATION:-10}" WARMUP="${WARMUP:-15}" CONNECTIONS="${CONNECTIONS:-16}" \
    bash "$repo/benchmarks/run-http.sh" >"$log" 2>&1 || die "run-http.sh failed for $side; see $log"
  local run
  run=$(grep -o 'benchmarks/results/http-[0-9-]*' "$log" | tail -1)
  [ -n "$run" ] && [ -f "$repo/$run/results.tsv" ] || die "no results from run-http.sh for $side; see $log"
  mv "$repo/$run" "$out/http-$side-round$round"
  tail -n +2 "$out/http-$side-round$round/results.tsv" | awk -v s="$side" -v r="$round" 'BEGIN { OFS = "\t" } { $1 = r; print s, $0 }' >>"$out/results.tsv"
}

for round in $(seq 1 "$ROUNDS"); do
  if (( round % 2 )); then sides="base head"; else sides="head base"; fi
  for side in $sides; do http_round "$side" "$round"; done
done

if [ -n "$MICRO_FILTER" ]; then
  for round in $(seq 1 "$MICRO_ROUNDS"); do
    if (( round % 2 )); then sides="base head"; else sides="head base"; fi
    for side in $sides; do
      echo "Microbenchmarks round $round: $side" >&2
      (cd "${tree[$side]}" && DOTNET_GCDynamicAdaptationMode=0 dotnet run -c Release --project benchmarks/Micro \
        --artifacts-path "${artifacts[$side]}" -- --filter "$MICRO_FILTER" $MICRO_JOB --inProcess --exporters csv \
        --artifacts "$out/micro-$side-round$round") >"$out/micro-$side-round$round.log" 2>&1 \
        || die "the $side microbenchmarks failed; see $out/micro-$side-round$round.log"
    done
  done
fi

if [ -n "$INTERLEAVED" ]; then
  micro_bin() { echo "${artifacts[$1]}/bin/FastFormatters.Benchmarks.Micro/release"; }
  for process in $(seq 1 "$INTERLEAVED_PROCESSES"); do
    order=""; (( process % 2 )) || order="--head-first"
    echo "Interleaved microbenchmarks, process $process of $INTERLEAVED_PROCESSES ${order:+(head first)}" >&2
    # shellcheck disable=SC2086 # the cases are words
    DOTNET_GCDynamicAdaptationMode=0 dotnet "${artifacts[head]}/bin/FastFormatters.Benchmarks.Interleaved/release/FastFormatters.Benchmarks.Interleaved.dll" \
      --base "$(micro_bin base)" --head "$(micro_bin head)" --pairs "${INTERLEAVED_PAIRS:-100}" --batch-ms "${INTERLEAVED_BATCH_MS:-20}" \
      $order --out "$out/interleaved-process$process.tsv" $INTERLEAVED >"$out/interleaved-process$process.log" 2>&1 \
      || die "the interleaved microbenchmarks failed; see $out/interleaved-process$process.log"
  done
fi

python3 "$repo/benchmarks/compare.py" "$out" | tee "$out/summary.md"
