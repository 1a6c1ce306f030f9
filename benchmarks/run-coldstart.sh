#!/usr/bin/env bash
# Cold start: the time from starting a server process to the end of its first response, which is the first use of the
# response type, and that first request's own time, with the methods the JIT compiled during it and its JIT time
# (System.Runtime.JitInfo, read by the harness around its first request; GET /jit; not for the minimal sample). STARTS process starts per case, the cases interleaved within each
# round; the table shows medians (and min-max) and ratios against the System.Text.Json peers measured in the same run.
#
#   MVC, benchmarks/Http's harness, GET /statuses?count=COUNT, as built (the build column says "build"), and with
#   R2R=1 also as the app publishes it ReadyToRun for linux-x64 ("r2r": the app's own code, FastFormatters and its other
#   references precompiled beside it; the shared framework is ReadyToRun either way):
#     builtin  System.Text.Json by reflection (JSON)          stj-sg   System.Text.Json, source-generated (JSON)
#     fast     FastFormatters by reflection (every format)    fast-sg  FastFormatters from generated shapes (every format)
#     mpcs     MessagePack-CSharp (MessagePack)
#   Minimal APIs, samples/MinimalAot, GET /minimal/statuses?count=COUNT (AOT=1): its JIT build (generated shapes,
#   reflection off) against its Native AOT binary, in every format.
#
# Usage: bash benchmarks/run-coldstart.sh
# Environment (defaults): STARTS=5  COUNT=100  PORT=5102  AOT=1 (0 skips the Native AOT publish, which needs gcc and
#   zlib1g-dev)  R2R=0 (1 adds the ReadyToRun publish of the harness, "r2r"; composite adds it compiled as one composite
#   image of the app's assemblies, "r2r-composite", in which FastFormatters and the app share a version bubble; the
#   Crossgen2 pack is restored from the package feed)  JITLIST=0 (1 has the runtime list every method it compiles,
#   DOTNET_JitDisasmSummary, in each harness start, and prints the first requests' ones grouped,
#   benchmarks/coldstart_jit.py; writing the list slows the JIT, so such a run's times are not comparable with others')
#   SKIP_BUILD=1 uses what is built.
#   Raw figures go to benchmarks/results/coldstart-<timestamp>/.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

STARTS=${STARTS:-5}
COUNT=${COUNT:-100}
PORT=${PORT:-5102}
AOT=${AOT:-1}
R2R=${R2R:-0}
[[ $R2R =~ ^(0|1|composite)$ ]] || { echo "run-coldstart.sh: R2R must be 0, 1 or composite" >&2; exit 1; }
JITLIST=${JITLIST:-0}
base="http://127.0.0.1:$PORT"

die() { echo "run-coldstart.sh: $*" >&2; exit 1; }
[[ $STARTS =~ ^[0-9]+$ ]] && (( STARTS >= 1 && STARTS <= 50 )) || die "STARTS must be 1..50"
[[ $COUNT =~ ^[0-9]+$ ]] && (( COUNT <= 10000 )) || die "COUNT must be 0..10000"
[[ $PORT =~ ^[0-9]+$ ]] && (( PORT >= 1024 && PORT <= 65535 )) || die "PORT must be 1024..65535"
command -v curl >/dev/null || die "curl is needed"

harness="$repo/benchmarks/Http/bin/Release/net10.0/FastFormatters.Benchmarks.Http.dll"
jit_sample="$repo/samples/MinimalAot/bin/Release/net10.0/FastFormatters.Samples.MinimalAot.dll"
native_dir="$repo/samples/MinimalAot/bin/Release/net10.0/linux-x64/publish"
native_sample="$native_dir/FastFormatters.Samples.MinimalAot"
r2r_build=r2r
r2r_options=(-p:PublishReadyToRun=true)
if [ "$R2R" = composite ]; then
  r2r_build=r2r-composite
  r2r_options+=(-p:PublishReadyToRunComposite=true)
fi
r2r_dir="$repo/benchmarks/Http/bin/Release/net10.0/linux-x64/$r2r_build"
r2r_harness="$r2r_dir/FastFormatters.Benchmarks.Http.dll"
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "Building (Release) ..." >&2
  dotnet build benchmarks/Http -c Release -nologo -v quiet >&2 || die "build failed"
  dotnet build samples/MinimalAot -c Release -nologo -v quiet >&2 || die "build failed"
  if [ "$AOT" = 1 ]; then
    echo "Publishing samples/MinimalAot with Native AOT ..." >&2
    dotnet publish samples/MinimalAot -c Release -r linux-x64 -nologo -v quiet >&2 || die "publish failed"
  fi
  if [ "$R2R" != 0 ]; then
    echo "Publishing benchmarks/Http ReadyToRun ($r2r_build) ..." >&2
    dotnet publish benchmarks/Http -c Release -r linux-x64 "${r2r_options[@]}" -o "$r2r_dir" -nologo -v quiet >&2 \
      || die "publish failed"
  fi
fi
[ -f "$harness" ] || die "harness not found at $harness"
[ "$R2R" = 0 ] || [ -f "$r2r_harness" ] || die "the ReadyToRun harness is not at $r2r_harness"
builds=(build)
[ "$R2R" = 0 ] || builds+=("$r2r_build")

stamp=$(date -u +%Y%m%d-%H%M%S)
out="$repo/benchmarks/results/coldstart-$stamp"
mkdir -p "$out"
raw="$out/results.tsv"
printf 'round\tbuild\tcase\tformat\tstart_to_response_ms\tfirst_request_ms\tstartup_methods\tfirst_request_methods\tfirst_request_jit_ms\n' >"$raw"

pid=""
stop() { if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; fi; }
trap stop EXIT
trap 'stop; exit 130' INT TERM

now_ns() { date +%s%N; }

# Starts "$@" as the server, waits until its port accepts a connection (no request is sent before the measured one),
# sends the one request and records both times.
measure() { # round build case format accept path command...
  local round=$1 build=$2 name=$3 format=$4 accept=$5 path=$6
  shift 6
  local started first status log="$out/$build-$name-$format-$round"
  local -a listing=()
  if [ "$JITLIST" = 1 ] && [[ $name != minimal-* ]]; then listing=(DOTNET_JitStdOutFile="$log.jit" DOTNET_JitDisasmSummary=1); fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then die "something already listens on port $PORT"; fi
  started=$(now_ns)
  env "${listing[@]}" ASPNETCORE_ENVIRONMENT=Production DOTNET_NOLOGO=1 "$@" --urls "$base" >"$log.log" 2>&1 &
  pid=$!
  until (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$log.log" >&2; die "$build $name exited during startup"; }
    sleep 0.005 # polling, not synchronising: a tight loop would take a core from the starting server
  done
  read -r status first < <(curl -s -o "$out/body" -w '%{http_code} %{time_total}\n' -H "Accept: $accept" "$base$path")
  [ "$status" = 200 ] || die "$name $format answered $status"
  local total_ms first_ms
  total_ms=$(( ($(now_ns) - started) / 1000000 ))
  first_ms=$(awk -v s="$first" 'BEGIN { printf "%.1f", s * 1000 }')
  # The harness says what the JIT did during that first request (GET /jit, after it); the minimal sample does not.
  local jit startup_methods="" methods="" jit_ms=""
  if jit=$(curl -sf --max-time 5 "$base/jit"); then
    startup_methods=$(sed -n 's/.*"startupMethods":\([0-9.]*\).*/\1/p' <<<"$jit")
    methods=$(sed -n 's/.*"methods":\([0-9.]*\).*/\1/p' <<<"$jit")
    jit_ms=$(sed -n 's/.*"jitMs":\([0-9.]*\).*/\1/p' <<<"$jit")
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$build" "$name" "$format" "$total_ms" "$first_ms" "$startup_methods" "$methods" "$jit_ms" >>"$raw"
  stop
}

declare -A media=([json]=application/json [msgpack]=application/x-msgpack [jsonc]=application/jsonc)
cases=("builtin json" "stj-sg json" "fast json" "fast msgpack" "fast jsonc" "fast-sg json" "fast-sg msgpack" "fast-sg jsonc" "mpcs msgpack")
for round in $(seq 1 "$STARTS"); do
  echo "Round $round of $STARTS ..." >&2
  for entry in "${cases[@]}"; do
    read -r mode format <<<"$entry"
    for build in "${builds[@]}"; do
      app=$harness
      [ "$build" = "$r2r_build" ] && app=$r2r_harness
      measure "$round" "$build" "$mode" "$format" "${media[$format]}" "/statuses?count=$COUNT" dotnet "$app" --mode "$mode"
    done
  done
  for format in json msgpack jsonc; do
    measure "$round" build minimal-jit "$format" "${media[$format]}" "/minimal/statuses?count=$COUNT" dotnet "$jit_sample" --Diagnostics:Key coldstart
    if [ "$AOT" = 1 ]; then
      [ -x "$native_sample" ] || die "the native sample is not at $native_sample"
      measure "$round" native minimal-native "$format" "${media[$format]}" "/minimal/statuses?count=$COUNT" "$native_sample" --Diagnostics:Key coldstart
    fi
  done
done
rm -f "$out/body"

python3 - "$raw" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter='\t'))
cases = {}
jit = {}
for r in rows:
    key = (r['build'], r['case'], r['format'])
    cases.setdefault(key, []).append((float(r['start_to_response_ms']), float(r['first_request_ms'])))
    if r['first_request_methods']:
        jit.setdefault(key, []).append((float(r['first_request_methods']), float(r['first_request_jit_ms']), float(r['startup_methods'])))
def med(values): return statistics.median(values)
def span(values): return f"{min(values):.0f}–{max(values):.0f}"
first = {k: med([f for _, f in v]) for k, v in cases.items()}
print("| Build | Case | Format | Start to first response, ms (median, min–max) | First request, ms (median, min–max) | First request ÷ builtin | ÷ stj-sg | Methods compiled in the first request (median) | JIT time in it, ms (median) | Methods compiled before it |")
print("| --- | --- | --- | --- | --- | --- | --- | ---: | ---: | ---: |")
for (build, name, fmt), v in cases.items():
    totals = [t for t, _ in v]; firsts = [f for _, f in v]
    # Ratios against the peers of the same build; the minimal sample's and the native binary's against the JIT build's.
    peers = build if build.startswith('r2r') else 'build'
    j = jit.get((build, name, fmt))
    jit_cells = f"{med([m for m, _, _ in j]):.0f} | {med([t for _, t, _ in j]):.1f} | {med([s for _, _, s in j]):.0f}" if j else "n/a | n/a | n/a"
    print(f"| {build} | {name} | {fmt} | {med(totals):.0f} ({span(totals)}) | {med(firsts):.1f} ({span(firsts)}) | "
          f"{first[(build, name, fmt)] / first[(peers, 'builtin', 'json')]:.2f} | {first[(build, name, fmt)] / first[(peers, 'stj-sg', 'json')]:.2f} | {jit_cells} |")
PY
if [ "$JITLIST" = 1 ]; then python3 benchmarks/coldstart_jit.py "$out"; fi
echo "Raw figures: $raw" >&2
