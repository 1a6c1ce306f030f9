#!/usr/bin/env bash
# HTTP load benchmark: the harness in benchmarks/Http, driven by wrk over loopback, in these modes
#   builtin   plain AddControllers(): System.Text.Json by reflection, JSON only
#   stj-sg    builtin with a source-generated JsonSerializerContext first in the resolver chain, JSON only
#   fast      AddControllers().AddFastFormatters().AddJsonLines(): JSON, MessagePack, JMC1 jsonc, JSON Lines jsonl
#   mpcs      MessagePack-CSharp (ContractlessStandardResolver) formatters, as MessagePack.AspNetCoreMvcFormatter 3.x,
#             beside builtin's JSON: MessagePack and JSON
#   prebaked  the bytes `fast` writes, cached: MVC + Kestrel without serializing (the floor)
#   fast-nometrics  fast with RecordMetrics off (not run unless named in MODES)
#   fast-sg   fast with generated shapes and the source-generated JSON context (not run unless named in MODES)
# for GET /statuses?count=100, GET /book, POST /ticker, GET /citm, and the ticker on minimal APIs: POST /minimal/ticker
# (`mticker`, an inferred body) and POST /minimal/ticker-body (`nticker`, NegotiatedBody<T>, FastFormatters modes only;
# in prebaked, the body received and not read).
# Each mode runs only the formats it serves. JSON Lines (FORMATS="json jsonl") runs for the feeds alone, statuses and
# stream: one line per status, beside JSON's array.
# Prints a Markdown table; raw wrk output goes to benchmarks/results/http-<timestamp>/. See benchmarks/Http/README.md.
#
# Usage: bash benchmarks/run-http.sh
# Environment (defaults):
#   ROUNDS=5          rounds; every case runs once per round, and the table shows medians (and min–max) over rounds
#   DURATION=10       seconds of each measured wrk run (1..120)
#   WARMUP=15         seconds of wrk warm-up before each measured run (1..60). Under load on two cores the JIT takes
#                     6 - 13 s to reach its final (tier-1, profile-guided) code; a shorter warm-up measures the JIT too,
#                     and favours the mode with the least code to compile (prebaked)
#   THREADS=2 CONNECTIONS=32   wrk -t / -c
#   PORT=5101         loopback port the harness listens on
#   COUNT=100         statuses per GET /statuses
#   MODES="builtin stj-sg fast mpcs prebaked"  FORMATS="json msgpack jsonc" (or jsonl)  ENDPOINTS="statuses book ticker citm"   subsets (add mticker, nticker,
#                     and stream: the feed as an IAsyncEnumerable whose elements are all ready; builtin, stj-sg and the fast modes only)
#                     (GET /citm needs citm_catalog.json and twitter.json in ../shared/data/ beside the repository)
#   ARTIFACTS_PATH    build with --artifacts-path here instead of the projects' bin/ folders
#   SKIP_BUILD=1      use the harness already built (with the same ARTIFACTS_PATH)
#   HARNESS_ARGS      more arguments for the harness, e.g. "--flush-threshold 32768" (FastFormatters' ResponseFlushThreshold)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

ROUNDS=${ROUNDS:-5}
DURATION=${DURATION:-10}
WARMUP=${WARMUP:-15}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-32}
PORT=${PORT:-5101}
COUNT=${COUNT:-100}
MODES=${MODES:-builtin stj-sg fast mpcs prebaked}
FORMATS=${FORMATS:-json msgpack jsonc}
ENDPOINTS=${ENDPOINTS:-statuses book ticker citm}

die() { echo "run-http.sh: $*" >&2; exit 1; }
is_int() { [[ $1 =~ ^[0-9]+$ ]]; }
for name in ROUNDS DURATION WARMUP THREADS CONNECTIONS PORT COUNT; do
  is_int "${!name}" || die "$name must be a whole number, not '${!name}'"
done
(( ROUNDS >= 1 && ROUNDS <= 20 )) || die "ROUNDS must be 1..20"
(( DURATION >= 1 && DURATION <= 120 )) || die "DURATION must be 1..120 seconds"
(( WARMUP >= 1 && WARMUP <= 60 )) || die "WARMUP must be 1..60 seconds"
(( THREADS >= 1 && THREADS <= 64 && CONNECTIONS >= THREADS && CONNECTIONS <= 1024 )) || die "need 1 <= THREADS <= CONNECTIONS <= 1024"
(( PORT >= 1024 && PORT <= 65535 )) || die "PORT must be 1024..65535"
(( COUNT <= 10000 )) || die "COUNT must be 0..10000"
for mode in $MODES; do [[ $mode =~ ^(builtin|stj-sg|fast|mpcs|prebaked|fast-nometrics|fast-sg)$ ]] || die "unknown mode '$mode' (builtin, stj-sg, fast, mpcs, prebaked, fast-nometrics, fast-sg)"; done
for format in $FORMATS; do [[ $format =~ ^(json|msgpack|jsonc|jsonl)$ ]] || die "unknown format '$format' (json, msgpack, jsonc, jsonl)"; done
for endpoint in $ENDPOINTS; do [[ $endpoint =~ ^(statuses|stream|book|ticker|citm|mticker|nticker)$ ]] || die "unknown endpoint '$endpoint' (statuses, stream, book, ticker, citm, mticker, nticker)"; done

# Whether a mode serves a format: the System.Text.Json modes answer JSON whatever is asked, mpcs has no JMC1 and no
# JSON Lines.
serves() { # mode format
  case $1 in
    builtin|stj-sg) [ "$2" = json ] ;;
    mpcs) [ "$2" = json ] || [ "$2" = msgpack ] ;;
    *) true ;;
  esac
}
has() { [[ " $1 " == *" $2 "* ]]; } # list word

base="http://127.0.0.1:$PORT"

# --- tools -----------------------------------------------------------------------------------------------------------
command -v dotnet >/dev/null || die "dotnet is not on PATH; install the .NET 10 SDK"
command -v curl >/dev/null || die "curl is not on PATH"
if ! command -v wrk >/dev/null; then
  echo "wrk is not installed; installing it with apt-get ..." >&2
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "wrk is missing and this is not root (and there is no sudo): install wrk yourself (apt-get install wrk)"
    sudo="sudo -n"
  fi
  command -v apt-get >/dev/null || die "wrk is missing and there is no apt-get: install wrk yourself"
  $sudo apt-get update -qq >&2 || die "apt-get update failed; cannot install wrk"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk >&2 || die "apt-get install wrk failed"
  command -v wrk >/dev/null || die "wrk is still not on PATH after apt-get install"
fi

# --- build -----------------------------------------------------------------------------------------------------------
project=benchmarks/Http/FastFormatters.Benchmarks.Http.csproj
if [ -n "${ARTIFACTS_PATH:-}" ]; then
  dll="$ARTIFACTS_PATH/bin/FastFormatters.Benchmarks.Http/release/FastFormatters.Benchmarks.Http.dll"
  build_args=(--artifacts-path "$ARTIFACTS_PATH")
else
  dll="$repo/benchmarks/Http/bin/Release/net10.0/FastFormatters.Benchmarks.Http.dll"
  build_args=()
fi
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "Building the harness (Release) ..." >&2
  dotnet build "$project" -c Release -nologo -v quiet "${build_args[@]}" >&2 || die "build failed"
fi
[ -f "$dll" ] || die "harness not found at $dll"

# --- results folder --------------------------------------------------------------------------------------------------
stamp=$(date -u +%Y%m%d-%H%M%S)
out="$repo/benchmarks/results/http-$stamp"
mkdir -p "$out"
results="$out/results.tsv"
printf 'round\tendpoint\tformat\tmode\trps\tp99_us\talloc_per_req\tbytes\terrors\tcpu_us_per_req\twork_items_per_req\n' >"$results"

# --- harness lifecycle -----------------------------------------------------------------------------------------------
# shellcheck source=harness.sh
source "$repo/benchmarks/harness.sh"

# The harness's CPU time so far (user + system, in clock ticks): fields 14 and 15 of /proc/<pid>/stat, counted after
# the command name, which may hold spaces.
cpu_ticks() { sed 's/.*) //' "/proc/$harness_pid/stat" | awk '{ print $12 + $13 }'; }
ticks_per_second=$(getconf CLK_TCK)
json_number() { sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }

# --- request bodies for POST /ticker, from the fast harness; the CITM document's presence -----------------------------
declare -A media=([json]="application/json" [msgpack]="application/x-msgpack" [jsonc]="application/jsonc" [jsonl]="application/jsonl")
fetch_ticker() { # mode format file
  local code
  code=$(curl -s --max-time 10 -o "$3" -w '%{http_code}' -H "Accept: ${media[$2]}" "$base/ticker-sample")
  [ "$code" = 200 ] || die "GET /ticker-sample as $2 from $1 answered $code"
}
echo "Fetching the ticker sample in each format from the fast harness ..." >&2
start_harness fast "$out/ticker-sample.log" ${HARNESS_ARGS:-}
for format in json msgpack jsonc; do
  fetch_ticker fast "$format" "$out/ticker.$format"
done
if has "$ENDPOINTS" citm; then
  code=$(curl -s --max-time 10 -o "$out/citm-check.txt" -w '%{http_code}' -H "Accept: application/json" "$base/citm")
  [ "$code" = 200 ] || die "GET /citm answered $code: $(head -c 600 "$out/citm-check.txt"); or leave citm out of ENDPOINTS"
fi
stop_harness
# MessagePack-CSharp keys by CLR name and cannot read fast's camelCase MessagePack: mpcs posts its own sample.
if has "$MODES" mpcs && has "$FORMATS" msgpack && { has "$ENDPOINTS" ticker || has "$ENDPOINTS" mticker; }; then
  echo "Fetching the MessagePack ticker sample from the mpcs harness ..." >&2
  start_harness mpcs "$out/ticker-sample-mpcs.log" ${HARNESS_ARGS:-}
  fetch_ticker mpcs msgpack "$out/ticker.mpcs.msgpack"
  stop_harness
fi

# wrk script: Accept, and for POST the body file and its Content-Type, from the environment.
lua="$out/request.lua"
cat >"$lua" <<'LUA'
wrk.headers["Accept"] = os.getenv("WRK_ACCEPT")
local body_file = os.getenv("WRK_BODY")
if body_file ~= nil and body_file ~= "" then
  local file = assert(io.open(body_file, "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.method = "POST"
  wrk.headers["Content-Type"] = os.getenv("WRK_ACCEPT")
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT requests=%d duration_us=%d p99_us=%d errors=%d\n",
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout))
end
LUA

path_of() {
  case $1 in
    statuses) echo "/statuses?count=$COUNT" ;;
    stream) echo "/statuses/stream?count=$COUNT" ;;
    book) echo "/book" ;;
    ticker) echo "/ticker" ;;
    mticker) echo "/minimal/ticker" ;;
    nticker) echo "/minimal/ticker-body" ;;
    citm) echo "/citm" ;;
  esac
}

run_case() { # round endpoint format mode
  local round=$1 endpoint=$2 format=$3 mode=$4
  local name="r$round-$endpoint-$format-$mode" path url accept body=""
  path=$(path_of "$endpoint")
  url="$base$path"
  accept=${media[$format]}
  if [[ $endpoint == *ticker ]]; then
    body="$out/ticker.$format"
    [ "$mode" = mpcs ] && [ "$format" = msgpack ] && body="$out/ticker.mpcs.msgpack"
  fi
  echo "  round $round: $endpoint $format $mode" >&2

  start_harness "$mode" "$out/$name.log" ${HARNESS_ARGS:-}
  export WRK_ACCEPT="$accept" WRK_BODY="$body"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${WARMUP}s" -s "$lua" "$url" >"$out/$name.warmup.txt" 2>&1 || die "wrk warm-up failed; see $out/$name.warmup.txt"
  # wrk carries on with plain GETs when its script fails to load; the script's done() line shows it did load.
  grep -q '^RESULT ' "$out/$name.warmup.txt" || die "wrk's request script did not run; see $out/$name.warmup.txt"

  # One request to check the status and measure the body (counted by the harness, so made before the first /stats).
  local curl_args=(-s --max-time 10 -o "$out/$name.body" -w '%{http_code} %{size_download}' -H "Accept: $accept")
  [ -n "$body" ] && curl_args+=(-H "Content-Type: $accept" --data-binary "@$body")
  local check code bytes
  check=$(curl "${curl_args[@]}" "$url")
  code=${check% *}
  bytes=${check#* }
  [ "$code" = 200 ] || die "$endpoint as $format in mode $mode answered $code; see $out/$name.body"
  if [ -n "$body" ]; then
    # A reader that skips members it does not know answers 200 to a body in someone else's names: check it read them.
    local summary
    summary=$(curl -s --max-time 10 -H "Accept: application/json" -H "Content-Type: $accept" --data-binary "@$body" "$url")
    [[ $summary == *'"bidCount":100'* ]] || die "POST $path as $format in mode $mode did not read the 100 bids: $summary"
  fi

  local before after cpu0 cpu1
  before=$(stats)
  cpu0=$(cpu_ticks)
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$lua" "$url" >"$out/$name.txt" 2>&1 || die "wrk failed; see $out/$name.txt"
  cpu1=$(cpu_ticks)
  after=$(stats)
  stop_harness
  printf 'before %s\nafter  %s\n' "$before" "$after" >"$out/$name.stats"

  local line requests duration p99 errors alloc0 alloc1 req0 req1 items0 items1
  line=$(grep '^RESULT ' "$out/$name.txt") || die "no RESULT line in $out/$name.txt"
  requests=$(sed -n 's/.*requests=\([0-9]*\).*/\1/p' <<<"$line")
  duration=$(sed -n 's/.*duration_us=\([0-9]*\).*/\1/p' <<<"$line")
  p99=$(sed -n 's/.*p99_us=\([0-9]*\).*/\1/p' <<<"$line")
  errors=$(sed -n 's/.*errors=\([0-9]*\).*/\1/p' <<<"$line")
  alloc0=$(json_number gcAllocatedBytes <<<"$before")
  alloc1=$(json_number gcAllocatedBytes <<<"$after")
  req0=$(json_number requests <<<"$before")
  req1=$(json_number requests <<<"$after")
  items0=$(json_number threadPoolWorkItems <<<"$before")
  items1=$(json_number threadPoolWorkItems <<<"$after")
  awk -v round="$round" -v e="$endpoint" -v f="$format" -v m="$mode" -v n="$requests" -v d="$duration" -v p="$p99" \
      -v a0="$alloc0" -v a1="$alloc1" -v r0="$req0" -v r1="$req1" -v b="$bytes" -v err="$errors" \
      -v c0="$cpu0" -v c1="$cpu1" -v hz="$ticks_per_second" -v w0="$items0" -v w1="$items1" 'BEGIN {
    served = r1 - r0
    printf "%s\t%s\t%s\t%s\t%.1f\t%d\t%.0f\t%d\t%d\t%.1f\t%.2f\n", round, e, f, m, n / (d / 1e6), p, (served > 0 ? (a1 - a0) / served : 0), b, err,
      (served > 0 ? (c1 - c0) * 1e6 / hz / served : 0), (served > 0 ? (w1 - w0) / served : 0)
  }' >>"$results"
}

# --- run -------------------------------------------------------------------------------------------------------------
{
  echo "# HTTP benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "- machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); wrk and the harness share them"
  echo "- dotnet $(dotnet --version), $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"
  echo "- wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s after a ${WARMUP}s warm-up; $ROUNDS round(s); a fresh harness process per case"
  if has "$MODES" mpcs; then
    echo "- mpcs: MessagePack-CSharp 2.5.307, ContractlessStandardResolver, in formatters that do what MessagePack.AspNetCoreMvcFormatter 3.x does (that package is not in this project's registry); its keys are CLR names (fast's are camelCase or [DataMember] names), so its MessagePack bodies differ in size, and it posts its own ticker sample"
  fi
} | tee "$out/summary.md" >&2

read -r -a modes <<<"$MODES"
for round in $(seq 1 "$ROUNDS"); do
  # Rotate the mode order each round, so that drift (thermal, other load) does not always favour the same mode.
  shift_by=$(( (round - 1) % ${#modes[@]} ))
  ordered=("${modes[@]:shift_by}" "${modes[@]:0:shift_by}")
  for endpoint in $ENDPOINTS; do
    for format in $FORMATS; do
      for mode in "${ordered[@]}"; do
        serves "$mode" "$format" || continue
        # MessagePack-CSharp has MVC formatters only: its mode's minimal endpoint reads JSON.
        [ "$endpoint" = mticker ] && [ "$mode" = mpcs ] && [ "$format" != json ] && continue
        # prebaked's inferred-body endpoint is fast's; its floor is nticker's.
        [ "$endpoint" = mticker ] && [ "$mode" = prebaked ] && continue
        # NegotiatedBody<T> is FastFormatters' own.
        [ "$endpoint" = nticker ] && [[ $mode =~ ^(builtin|stj-sg|mpcs)$ ]] && continue
        # JSON Lines is for feeds: one line per status.
        [ "$format" = jsonl ] && [[ ! $endpoint =~ ^(statuses|stream)$ ]] && continue
        # Neither the cache nor MessagePack-CSharp serves an IAsyncEnumerable.
        [ "$endpoint" = stream ] && [[ $mode =~ ^(prebaked|mpcs)$ ]] && continue
        run_case "$round" "$endpoint" "$format" "$mode"
      done
    done
  done
done

# --- table -----------------------------------------------------------------------------------------------------------
# Per case, over rounds: the median, and the smallest and largest value (the spread).
stats_of() { # column number -> lines "endpoint format mode median min max"
  tail -n +2 "$results" | awk -F'\t' -v c="$1" '{ print $2 "\t" $3 "\t" $4 "\t" $c }' | sort -t$'\t' -k1,3 -k4,4g |
    awk -F'\t' '
      { key = $1 "\t" $2 "\t" $3; if (key != last && NR > 1) flush(); last = key; v[++n] = $4 }
      END { if (n) flush() }
      function flush() { m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2; print last "\t" m "\t" v[1] "\t" v[n]; n = 0 }'
}
for column in rps:5 p99:6 alloc:7 cpu:10; do
  stats_of "${column#*:}" >"$out/${column%%:*}.spread.tsv"
  # endpoint, format, mode, median: the files charts.py reads.
  cut -f1-4 "$out/${column%%:*}.spread.tsv" >"$out/${column%%:*}.tsv"
done
stats_of 8 | cut -f1-4 >"$out/bytes.tsv"
tail -n +2 "$results" | awk -F'\t' '{ e[$2 "\t" $3 "\t" $4] += $9 } END { for (k in e) print k "\t" e[k] }' >"$out/errors.tsv"

# The ratios are of median req/s, for the same endpoint: to builtin JSON; for JSON rows to stj-sg JSON (the
# source-generated System.Text.Json), for MessagePack rows to mpcs MessagePack (MessagePack-CSharp); to prebaked in
# the same format (the ceiling).
{
  echo
  echo "| endpoint | format | mode | req/s (min–max) | p99 latency (min–max) | allocated B/req (min–max) | server CPU µs/req (min–max) | response B | vs builtin JSON | vs stj-sg JSON | vs mpcs msgpack | vs prebaked | errors |"
  echo "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  for endpoint in $ENDPOINTS; do
    for format in $FORMATS; do
      for mode in $MODES; do
        serves "$mode" "$format" || continue
        # MessagePack-CSharp has MVC formatters only: its mode's minimal endpoint reads JSON.
        [ "$endpoint" = mticker ] && [ "$mode" = mpcs ] && [ "$format" != json ] && continue
        # prebaked's inferred-body endpoint is fast's; its floor is nticker's.
        [ "$endpoint" = mticker ] && [ "$mode" = prebaked ] && continue
        # NegotiatedBody<T> is FastFormatters' own.
        [ "$endpoint" = nticker ] && [[ $mode =~ ^(builtin|stj-sg|mpcs)$ ]] && continue
        # JSON Lines is for feeds: one line per status.
        [ "$format" = jsonl ] && [[ ! $endpoint =~ ^(statuses|stream)$ ]] && continue
        # Neither the cache nor MessagePack-CSharp serves an IAsyncEnumerable.
        [ "$endpoint" = stream ] && [[ $mode =~ ^(prebaked|mpcs)$ ]] && continue
        awk -F'\t' -v e="$endpoint" -v f="$format" -v m="$mode" -v path="$(path_of "$endpoint")" \
            -v method="$([[ $endpoint == *ticker ]] && echo POST || echo GET)" '
          FILENAME ~ /rps.spread.tsv$/ { rps[$1 "\t" $2 "\t" $3] = $4; rps_lo[$1 "\t" $2 "\t" $3] = $5; rps_hi[$1 "\t" $2 "\t" $3] = $6 }
          FILENAME ~ /p99.spread.tsv$/ { p99[$1 "\t" $2 "\t" $3] = $4; p99_lo[$1 "\t" $2 "\t" $3] = $5; p99_hi[$1 "\t" $2 "\t" $3] = $6 }
          FILENAME ~ /alloc.spread.tsv$/ { alloc[$1 "\t" $2 "\t" $3] = $4; alloc_lo[$1 "\t" $2 "\t" $3] = $5; alloc_hi[$1 "\t" $2 "\t" $3] = $6 }
          FILENAME ~ /cpu.spread.tsv$/ { cpu[$1 "\t" $2 "\t" $3] = $4; cpu_lo[$1 "\t" $2 "\t" $3] = $5; cpu_hi[$1 "\t" $2 "\t" $3] = $6 }
          FILENAME ~ /bytes.tsv$/ { bytes[$1 "\t" $2 "\t" $3] = $4 }
          FILENAME ~ /errors.tsv$/ { err[$1 "\t" $2 "\t" $3] = $4 }
          function ratio(other) { return (other in rps && rps[other] > 0) ? sprintf("%.2fx", rps[k] / rps[other]) : "n/a" }
          END {
            k = e "\t" f "\t" m
            if (!(k in rps)) exit
            versus_stj = f == "json" ? ratio(e "\tjson\tstj-sg") : "–"
            versus_mpcs = f == "msgpack" ? ratio(e "\tmsgpack\tmpcs") : "–"
            printf "| %s %s | %s | %s | %.0f (%.0f–%.0f) | %.2f ms (%.2f–%.2f) | %.0f (%.0f–%.0f) | %.0f (%.0f–%.0f) | %d | %s | %s | %s | %s | %d |\n",
              method, path, f, m, rps[k], rps_lo[k], rps_hi[k], p99[k] / 1000, p99_lo[k] / 1000, p99_hi[k] / 1000,
              alloc[k], alloc_lo[k], alloc_hi[k], cpu[k], cpu_lo[k], cpu_hi[k], bytes[k], ratio(e "\tjson\tbuiltin"), versus_stj, versus_mpcs,
              ratio(e "\t" f "\tprebaked"), err[k]
          }' "$out/rps.spread.tsv" "$out/p99.spread.tsv" "$out/alloc.spread.tsv" "$out/cpu.spread.tsv" "$out/bytes.tsv" "$out/errors.tsv"
      done
    done
  done
  echo
  echo "req/s, p99, allocated B/req and response B are medians over rounds; (min–max) is the spread over rounds. allocated"
  echo "B/req is the harness's GC.GetTotalAllocatedBytes over requests served during the measured run; server CPU µs/req"
  echo "is the harness process's user and system time over the same requests (Kestrel and MVC included, so prebaked's"
  echo "is the floor; on cores shared with wrk it varies between rounds almost as much as req/s). The ratios divide"
  echo "median req/s for the same endpoint: by builtin JSON's; on JSON rows by stj-sg JSON's (source-generated"
  echo "System.Text.Json); on msgpack rows by mpcs msgpack's (MessagePack-CSharp); by prebaked's in the same format."
  echo "Raw wrk output: benchmarks/results/http-$stamp/."
} | tee -a "$out/summary.md"
