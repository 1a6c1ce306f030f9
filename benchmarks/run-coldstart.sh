#!/usr/bin/env bash
# Cold start: the time from starting a server process to the end of its first response, which is the first use of the
# response type, and that first request's own time, with the methods the JIT compiled during it and its JIT time
# (System.Runtime.JitInfo, read around that request by a middleware first in the app's pipeline, which a startup hook
# adds to any build of the harness, benchmarks/FirstRequestHook; not for the minimal sample). STARTS process starts per case, the cases interleaved within each round; the table
# shows medians (and min-max) and ratios against the System.Text.Json peers measured in the same run.
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
#   CASES="builtin/json stj-sg/json fast/json fast/msgpack fast/jsonc fast-sg/json fast-sg/msgpack fast-sg/jsonc mpcs/msgpack"
#     the harness's mode/format pairs, started in this order in each round (the ratios need builtin/json and stj-sg/json)
#   MINIMAL=1 (0 leaves the minimal sample's cases out)
#   BASE=<commit> also builds the harness at that commit, in a worktree beside this tree (as run-compare.sh does;
#   COMPARE_DIR says where), and starts it ("base") beside this tree's build in every round of FastFormatters' cases,
#   which of the two starts first alternating by round; a second table gives this tree ÷ base per case.
#   Raw figures go to benchmarks/results/coldstart-<timestamp>/ (results.tsv; the tables in summary.md).
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
hook="$repo/benchmarks/FirstRequestHook/bin/Release/net10.0/FastFormatters.Benchmarks.FirstRequestHook.dll"
BASE=${BASE:-}
if [ -n "$BASE" ]; then
  # shellcheck source=benchmarks/base-tree.sh
  source "$repo/benchmarks/base-tree.sh"
  base_tree_for "$BASE" || die "no base tree"
  base_harness="$base_artifacts/bin/FastFormatters.Benchmarks.Http/release/FastFormatters.Benchmarks.Http.dll"
fi
if [ -z "${SKIP_BUILD:-}" ]; then
  echo "Building (Release) ..." >&2
  dotnet build benchmarks/Http -c Release -nologo -v quiet >&2 || die "build failed"
  dotnet build benchmarks/FirstRequestHook -c Release -nologo -v quiet >&2 || die "build failed"
  if [ -n "$BASE" ]; then
    echo "Building the harness at $BASE (Release) ..." >&2
    dotnet build "$base_tree/benchmarks/Http/FastFormatters.Benchmarks.Http.csproj" -c Release -nologo -v quiet \
      --artifacts-path "$base_artifacts" >&2 || die "the base harness did not build"
  fi
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
[ -f "$hook" ] || die "the startup hook is not at $hook"
[ -z "$BASE" ] || [ -f "$base_harness" ] || die "the base harness is not at $base_harness"
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
  local -a listing=() counting=()
  if [ "$JITLIST" = 1 ] && [[ $name != minimal-* ]]; then listing=(DOTNET_JitStdOutFile="$log.jit" DOTNET_JitDisasmSummary=1); fi
  # The startup hook counts the JIT's work in the harness's first request; the minimal sample is built for trimming,
  # which turns startup hooks off (System.StartupHookProvider.IsSupported), and its Native AOT binary has no JIT.
  rm -f "$log.firstjit"
  if [[ $name != minimal-* ]]; then counting=(DOTNET_STARTUP_HOOKS="$hook" FIRST_REQUEST_JIT_FILE="$log.firstjit"); fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then die "something already listens on port $PORT"; fi
  started=$(now_ns)
  env "${listing[@]}" "${counting[@]}" ASPNETCORE_ENVIRONMENT=Production DOTNET_NOLOGO=1 "$@" --urls "$base" >"$log.log" 2>&1 &
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
  # The hook's middleware writes its figures when the request has ended, a moment after the client has the response.
  local startup_methods="" methods="" jit_ms="" waited=0
  if [ ${#counting[@]} -gt 0 ]; then
    until [ -f "$log.firstjit" ]; do
      (( waited++ < 1000 )) || die "$build $name $format: the startup hook wrote no figures (see $log.log)"
      sleep 0.005
    done
    startup_methods=$(sed -n 's/.*startup_methods=\([0-9]*\).*/\1/p' "$log.firstjit")
    methods=$(sed -n 's/.* methods=\([0-9]*\).*/\1/p' "$log.firstjit")
    jit_ms=$(sed -n 's/.*jit_ms=\([0-9.]*\).*/\1/p' "$log.firstjit")
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$build" "$name" "$format" "$total_ms" "$first_ms" "$startup_methods" "$methods" "$jit_ms" >>"$raw"
  stop
}

declare -A media=([json]=application/json [msgpack]=application/x-msgpack [jsonc]=application/jsonc)
CASES=${CASES:-builtin/json stj-sg/json fast/json fast/msgpack fast/jsonc fast-sg/json fast-sg/msgpack fast-sg/jsonc mpcs/msgpack}
MINIMAL=${MINIMAL:-1}
for entry in $CASES; do
  [[ $entry =~ ^(builtin|stj-sg|fast|fast-sg|mpcs)/(json|msgpack|jsonc)$ ]] || die "CASES: '$entry' is not a mode/format pair of the harness"
done
for round in $(seq 1 "$STARTS"); do
  echo "Round $round of $STARTS ..." >&2
  for entry in $CASES; do
    mode=${entry%/*} format=${entry#*/}
    sides=("${builds[@]}")
    # The base build beside this tree's, for FastFormatters' cases, which starts first alternating by round.
    if [ -n "$BASE" ] && [[ $mode == fast* ]]; then
      if (( round % 2 )); then sides=(base "${builds[@]}"); else sides=("${builds[@]}" base); fi
    fi
    for build in "${sides[@]}"; do
      app=$harness
      [ "$build" = "$r2r_build" ] && app=$r2r_harness
      [ "$build" = base ] && app=$base_harness
      measure "$round" "$build" "$mode" "$format" "${media[$format]}" "/statuses?count=$COUNT" dotnet "$app" --mode "$mode"
    done
  done
  for format in json msgpack jsonc; do
    [ "$MINIMAL" = 1 ] || break
    measure "$round" build minimal-jit "$format" "${media[$format]}" "/minimal/statuses?count=$COUNT" dotnet "$jit_sample" --Diagnostics:Key coldstart
    if [ "$AOT" = 1 ]; then
      [ -x "$native_sample" ] || die "the native sample is not at $native_sample"
      measure "$round" native minimal-native "$format" "${media[$format]}" "/minimal/statuses?count=$COUNT" "$native_sample" --Diagnostics:Key coldstart
    fi
  done
done
rm -f "$out/body"

python3 - "$raw" <<'PY' | tee "$out/summary.md"
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
    ratio = lambda peer: f"{first[(build, name, fmt)] / first[(peers, peer, 'json')]:.2f}" if (peers, peer, 'json') in first else "n/a"
    print(f"| {build} | {name} | {fmt} | {med(totals):.0f} ({span(totals)}) | {med(firsts):.1f} ({span(firsts)}) | "
          f"{ratio('builtin')} | {ratio('stj-sg')} | {jit_cells} |")
# With BASE: this tree's build against the base commit's, case by case; each round started both, so the per-round
# ratios pair starts made moments apart.
based = [(name, fmt) for (build, name, fmt) in cases if build == 'base']
if based:
    by_round = {(r['build'], r['case'], r['format'], r['round']): r for r in rows}
    print()
    print("| Case | Format | First request, this tree ÷ base: ratio of medians | per round, median (min–max) | Methods compiled in it, base → this tree (medians) | JIT time in it, ms, base → this tree |")
    print("| --- | --- | --- | --- | ---: | ---: |")
    for name, fmt in based:
        rounds = sorted({r['round'] for r in rows if r['case'] == name and r['format'] == fmt and r['build'] == 'base'})
        ratios = [float(by_round[('build', name, fmt, n)]['first_request_ms']) / float(by_round[('base', name, fmt, n)]['first_request_ms'])
                  for n in rounds if ('build', name, fmt, n) in by_round]
        head_j, base_j = jit.get(('build', name, fmt)), jit.get(('base', name, fmt))
        methods = f"{med([m for m, _, _ in base_j]):.0f} → {med([m for m, _, _ in head_j]):.0f}" if head_j and base_j else "n/a"
        jit_ms = f"{med([t for _, t, _ in base_j]):.1f} → {med([t for _, t, _ in head_j]):.1f}" if head_j and base_j else "n/a"
        print(f"| {name} | {fmt} | {first[('build', name, fmt)] / first[('base', name, fmt)]:.3f} | "
              f"{med(ratios):.3f} ({min(ratios):.3f}–{max(ratios):.3f}) | {methods} | {jit_ms} |")
PY
if [ "$JITLIST" = 1 ]; then python3 benchmarks/coldstart_jit.py "$out"; fi
echo "Raw figures: $raw" >&2
