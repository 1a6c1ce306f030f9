#!/usr/bin/env bash
# Latency under a fixed load: p50 / p99 / p99.9 of GET /statuses?count=100 (the feed) at constant request rates, every
# format of FastFormatters against its peer on the same rate: JSON and JMC1 against stj-sg (System.Text.Json,
# source-generated), MessagePack against mpcs (MessagePack-CSharp). The rates are 50 % and 80 % of what stj-sg
# sustains on the feed, measured at the start of the run with the same generator. Two constant-rate generators:
#   autocannon  (npm) --overallRate: holds the rate across its connections and corrects for coordinated omission;
#               installed into benchmarks/.tools when missing. Its JavaScript client reads a JMC1 body several times
#               slower than a JSON one (wrk drives JMC1 at 0.9 x JSON on the same server), so JMC1's figures are its own.
#   hey         (apt) -q: each connection sends at most rate / connections requests a second; percentiles from its
#               per-request CSV. Installed with apt-get when missing.
# The harness is benchmarks/Http (see run-http.sh for the modes), a fresh process per case, warmed up first.
#
# Usage: bash benchmarks/run-latency.sh
# Environment (defaults):
#   ROUNDS=3 DURATION=20 WARMUP=15 CONNECTIONS=32 PORT=5102 COUNT=100   as in run-http.sh
#   RATES="50 80"       percentages of stj-sg's sustained req/s
#   CASES="stj-sg/json mpcs/msgpack fast/json fast/msgpack fast/jsonc"   mode/format pairs, run in this order; add
#                       prebaked/<format> to see what sending the same bytes costs without serializing them
#   GENERATOR=autocannon  or hey
#   SKIP_BUILD=1        use the harness already built
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-20}
WARMUP=${WARMUP:-15}
CONNECTIONS=${CONNECTIONS:-32}
PORT=${PORT:-5102}
COUNT=${COUNT:-100}
RATES=${RATES:-50 80}
GENERATOR=${GENERATOR:-autocannon}

die() { echo "run-latency.sh: $*" >&2; exit 1; }
for name in ROUNDS DURATION WARMUP CONNECTIONS PORT COUNT; do
  [[ ${!name} =~ ^[0-9]+$ ]] || die "$name must be a whole number, not '${!name}'"
done
[[ $GENERATOR =~ ^(autocannon|hey)$ ]] || die "GENERATOR must be autocannon or hey, not '$GENERATOR'"
for rate in $RATES; do [[ $rate =~ ^[0-9]+$ ]] && (( rate >= 1 && rate <= 100 )) || die "RATES are percentages 1..100, not '$rate'"; done

base="http://127.0.0.1:$PORT"
url="$base/statuses?count=$COUNT"
declare -A media=([json]="application/json" [msgpack]="application/x-msgpack" [jsonc]="application/jsonc")
# The cases: mode and format; the peer each format is compared with.
cases=()
for entry in ${CASES:-stj-sg/json mpcs/msgpack fast/json fast/msgpack fast/jsonc}; do
  [[ $entry =~ ^(stj-sg/json|mpcs/(json|msgpack)|(fast|prebaked)/(json|msgpack|jsonc))$ ]] || die "unknown case '$entry' (mode/format: stj-sg/json, mpcs/msgpack, fast/<format>, prebaked/<format>)"
  cases+=("${entry/\// }")
done
declare -A peer=([json]="stj-sg json" [jsonc]="stj-sg json" [msgpack]="mpcs msgpack")

# --- tools -----------------------------------------------------------------------------------------------------------
command -v dotnet >/dev/null || die "dotnet is not on PATH; install the .NET 10 SDK"
command -v curl >/dev/null || die "curl is not on PATH"
if [ "$GENERATOR" = autocannon ]; then
  command -v node >/dev/null && command -v npm >/dev/null || die "node and npm are needed for autocannon (apt-get install nodejs npm)"
  autocannon="$repo/benchmarks/.tools/node_modules/.bin/autocannon"
  if [ ! -x "$autocannon" ]; then
    echo "Installing autocannon into benchmarks/.tools ..." >&2
    mkdir -p "$repo/benchmarks/.tools"
    npm install --silent --no-audit --no-fund --prefix "$repo/benchmarks/.tools" autocannon >&2 || die "npm install autocannon failed"
  fi
elif ! command -v hey >/dev/null; then
  echo "hey is not installed; installing it with apt-get ..." >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
  $sudo apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hey >&2 || die "apt-get install hey failed"
fi

# --- build -----------------------------------------------------------------------------------------------------------
dll="$repo/benchmarks/Http/bin/Release/net10.0/FastFormatters.Benchmarks.Http.dll"
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "Building the harness (Release) ..." >&2
  dotnet build benchmarks/Http/FastFormatters.Benchmarks.Http.csproj -c Release -nologo -v quiet >&2 || die "build failed"
fi
[ -f "$dll" ] || die "harness not found at $dll"

stamp=$(date -u +%Y%m%d-%H%M%S)
out="$repo/benchmarks/results/latency-$GENERATOR-$stamp"
mkdir -p "$out"
results="$out/results.tsv"
printf 'round\tmode\tformat\trate\tachieved\tp50_ms\tp99_ms\tp999_ms\terrors\n' >"$results"

# shellcheck source=harness.sh
source "$repo/benchmarks/harness.sh"

# One measured run: prints "<achieved req/s> <p50 ms> <p99 ms> <p99.9 ms> <errors + non-2xx>".
cannon() { # accept seconds report [rate]
  if [ "$GENERATOR" = hey ]; then
    local rate_args=()
    [ -n "${4:-}" ] && rate_args=(-q "$(( ($4 + CONNECTIONS - 1) / CONNECTIONS ))")
    hey -z "${2}s" -c "$CONNECTIONS" "${rate_args[@]}" -H "Accept: $1" -o csv "$url" >"$3" 2>/dev/null || die "hey failed; see $3"
    # response-time (s) is the first column, the status code the seventh; the header line is skipped.
    tail -n +2 "$3" | awk -F, -v s="$2" '{ print $1 * 1000, ($7 == 200 ? 0 : 1) }' | sort -g | awk -v s="$2" '
      { t[NR] = $1; e += $2 }
      END { printf "%.1f %.1f %.1f %.1f %d\n", NR / s, t[int(NR * 0.5) + 1], t[int(NR * 0.99) + 1], t[int(NR * 0.999) + 1], e }'
    return
  fi
  local rate_args=()
  [ -n "${4:-}" ] && rate_args=(--overallRate "$4")
  "$autocannon" -c "$CONNECTIONS" -d "$2" -H "Accept=$1" "${rate_args[@]}" --json "$url" >"$3" 2>/dev/null || die "autocannon failed; see $3"
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    console.log([r.requests.average, r.latency.p50, r.latency.p99, r.latency.p99_9, r.errors + r.timeouts + r.non2xx].join(" "));' "$3"
}

# --- the rates: stj-sg's sustained req/s ------------------------------------------------------------------------------
echo "Measuring what stj-sg sustains on the feed ..." >&2
start_harness stj-sg "$out/capacity.log"
cannon application/json "$WARMUP" "$out/capacity.warmup.json" >/dev/null
read -r capacity _ <<<"$(cannon application/json "$DURATION" "$out/capacity.json")"
stop_harness
capacity=${capacity%.*}
(( capacity > 0 )) || die "stj-sg sustained no requests; see $out/capacity.json"

{
  echo "# Latency at fixed rates, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "- machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); the generator and the harness share them"
  echo "- dotnet $(dotnet --version), generator: $GENERATOR"
  echo "- GET /statuses?count=$COUNT; stj-sg sustains $capacity req/s with $CONNECTIONS connections; rates: $(for r in $RATES; do printf '%s %% = %d req/s; ' "$r" $(( capacity * r / 100 )); done)"
  echo "- $GENERATOR, $CONNECTIONS connections, ${DURATION}s per rate after a ${WARMUP}s warm-up at the lowest rate; $ROUNDS round(s), a fresh harness per case and round"
} | tee "$out/summary.md" >&2

lowest=$(( capacity * $(tr ' ' '\n' <<<"$RATES" | sort -n | head -n 1) / 100 ))
for round in $(seq 1 "$ROUNDS"); do
  for entry in "${cases[@]}"; do
    read -r mode format <<<"$entry"
    echo "  round $round: $mode $format" >&2
    start_harness "$mode" "$out/r$round-$mode-$format.log"
    cannon "${media[$format]}" "$WARMUP" "$out/r$round-$mode-$format.warmup.json" "$lowest" >/dev/null
    for percent in $RATES; do
      rate=$(( capacity * percent / 100 ))
      read -r achieved p50 p99 p999 errors <<<"$(cannon "${media[$format]}" "$DURATION" "$out/r$round-$mode-$format-$percent.json" "$rate")"
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$mode" "$format" "$percent" "$achieved" "$p50" "$p99" "$p999" "$errors" >>"$results"
    done
    stop_harness
  done
done

# --- table: medians over rounds, and p99 against the peer's at the same rate ----------------------------------------
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column_of() { # mode format rate column
  awk -F'\t' -v m="$1" -v f="$2" -v r="$3" -v c="$4" 'NR > 1 && $2 == m && $3 == f && $4 == r { print $c }' "$results" | median
}
{
  echo
  echo "| rate | mode | format | achieved req/s | p50 ms | p99 ms | p99.9 ms | p99 ÷ peer's p99 | errors |"
  echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for percent in $RATES; do
    for entry in "${cases[@]}"; do
      read -r mode format <<<"$entry"
      read -r peer_mode peer_format <<<"${peer[$format]}"
      p99=$(column_of "$mode" "$format" "$percent" 7)
      peer_p99=$(column_of "$peer_mode" "$peer_format" "$percent" 7)
      [ -n "$peer_p99" ] || peer_p99=0
      errors=$(awk -F'\t' -v m="$mode" -v f="$format" -v r="$percent" 'NR > 1 && $2 == m && $3 == f && $4 == r { s += $9 } END { print s + 0 }' "$results")
      awk -v pct="$percent" -v m="$mode" -v f="$format" -v a="$(column_of "$mode" "$format" "$percent" 5)" \
          -v p50="$(column_of "$mode" "$format" "$percent" 6)" -v p99="$p99" -v p999="$(column_of "$mode" "$format" "$percent" 8)" \
          -v peer="$peer_p99" -v self="$([ "$mode $format" = "${peer[$format]}" ] && echo 1 || echo 0)" -v e="$errors" 'BEGIN {
        printf "| %s %% | %s | %s | %.0f | %.1f | %.1f | %.1f | %s | %d |\n", pct, m, f, a, p50, p99, p999, (self ? "peer" : peer > 0 ? sprintf("%.2f", p99 / peer) : "no peer run"), e }'
    done
  done
} | tee -a "$out/summary.md"
echo "Results: $out" >&2
