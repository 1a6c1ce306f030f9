#!/usr/bin/env bash
# Scale sweep of the HTTP harness: requests per second and server bytes allocated per request for fast, stj-sg
# (JSON) and mpcs (MessagePack) as the response grows from ~1 KB to ~10 MB (at SWEEP_CONNECTIONS connections) and as
# the connections grow from 1 to 256 (at a ~100 KB response). Each point is one benchmarks/run-http.sh run of
# GET /statuses?count=N; its results folder is kept, and the points are gathered into benchmarks/results/sweep-<stamp>/
# (sweep.tsv, and sweep.md with one table per sweep and each mode's ratio to its peer). Charts:
#   python3 benchmarks/charts.py --sweep benchmarks/results/sweep-<stamp>
#
# Usage: bash benchmarks/run-sweep.sh
# Environment (defaults):
#   ROUNDS=3 DURATION=4 WARMUP=15         per point, as run-http.sh takes them (15 s: the JIT's tiering, see run-http.sh)
#   SIZES="1 8 75 750 7500"               statuses per response: ~1.4 KB, 11 KB, 100 KB, 1 MB and 10 MB of JSON
#   CONNECTION_COUNTS="1 4 16 64 256"     for the connection sweep
#   SWEEP_CONNECTIONS=32  SWEEP_SIZE=75   the fixed side of each sweep
#   ARTIFACTS_PATH, PORT                  passed on to run-http.sh
#   TABLES_ONLY=DIR                       print the tables of the finished sweep in DIR again, measuring nothing
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-4}
WARMUP=${WARMUP:-15}
SIZES=${SIZES:-1 8 75 750 7500}
CONNECTION_COUNTS=${CONNECTION_COUNTS:-1 4 16 64 256}
SWEEP_CONNECTIONS=${SWEEP_CONNECTIONS:-32}
SWEEP_SIZE=${SWEEP_SIZE:-75}

if [ -n "${TABLES_ONLY:-}" ]; then
  # TABLES_ONLY=benchmarks/results/sweep-<stamp>: print the tables of a finished sweep again, measuring nothing.
  out=$(cd "$TABLES_ONLY" && pwd)
  sweep="$out/sweep.tsv"
  [ -f "$sweep" ] || { echo "run-sweep.sh: no sweep.tsv in $TABLES_ONLY" >&2; exit 1; }
else
stamp=$(date -u +%Y%m%d-%H%M%S)
out="$repo/benchmarks/results/sweep-$stamp"
mkdir -p "$out"
sweep="$out/sweep.tsv"
printf 'sweep\tcount\tconnections\tformat\tmode\trps\trps_min\trps_max\talloc_per_req\tbytes\terrors\trun\n' >"$sweep"

built=""
point() { # sweep count connections
  local threads=2
  (( $3 < 2 )) && threads=1
  echo "== $1 sweep: count=$2 connections=$3" >&2
  local log="$out/$1-$2-$3.log"
  ROUNDS=$ROUNDS DURATION=$DURATION WARMUP=$WARMUP THREADS=$threads CONNECTIONS=$3 COUNT=$2 \
    MODES="stj-sg fast mpcs" FORMATS="json msgpack" ENDPOINTS=statuses SKIP_BUILD=$built \
    bash benchmarks/run-http.sh >"$log" 2>&1 || { tail -n 20 "$log" >&2; echo "run-sweep.sh: the run failed; see $log" >&2; exit 1; }
  built=1
  local run
  run=$(sed -n 's#.*\(benchmarks/results/http-[0-9-]*\).*#\1#p' "$log" | tail -n 1)
  [ -n "$run" ] || run=$(ls -td benchmarks/results/http-* | head -n 1)
  # rps.spread.tsv: endpoint format mode median min max; alloc.tsv and bytes.tsv: endpoint format mode median.
  awk -F'\t' -v s="$1" -v c="$2" -v n="$3" -v run="$(basename "$run")" '
    FILENAME ~ /rps.spread.tsv$/ { k = $2 "\t" $3; rps[k] = $4; lo[k] = $5; hi[k] = $6; keys[k] = 1 }
    FILENAME ~ /alloc.tsv$/ { alloc[$2 "\t" $3] = $4 }
    FILENAME ~ /bytes.tsv$/ { bytes[$2 "\t" $3] = $4 }
    FILENAME ~ /errors.tsv$/ { err[$2 "\t" $3] = $4 }
    END { for (k in keys) printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%.0f\t%d\t%d\t%s\n", s, c, n, k, rps[k], lo[k], hi[k], alloc[k], bytes[k], err[k] + 0, run }
  ' "$run/rps.spread.tsv" "$run/alloc.tsv" "$run/bytes.tsv" "$run/errors.tsv" | sort >>"$sweep"
}

{
  echo "# Scale sweep, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "- machine: $(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); wrk and the harness share them"
  echo "- each point: benchmarks/run-http.sh, GET /statuses?count=N, modes stj-sg, fast, mpcs; $ROUNDS round(s) of ${DURATION}s after ${WARMUP}s"
  echo "- size sweep at $SWEEP_CONNECTIONS connections; connection sweep at count=$SWEEP_SIZE"
} | tee "$out/summary.md" >&2

for count in $SIZES; do point size "$count" "$SWEEP_CONNECTIONS"; done
for connections in $CONNECTION_COUNTS; do point connections "$SWEEP_SIZE" "$connections"; done
fi

# One table per sweep: per point, each mode's median req/s (MB/s of body) and allocations, and fast's ratio to the
# peer in the same format (stj-sg for JSON, mpcs for MessagePack), from the same run.
table() { # sweep
  echo
  echo "| $([ "$1" = size ] && echo "response (count)" || echo connections) | format | peer req/s (min–max) | fast req/s (min–max) | fast / peer | fast MB/s | peer B/req | fast B/req |"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  tail -n +2 "$sweep" | awk -F'\t' -v s="$1" '
    $1 == s { k = $2 "\t" $3 "\t" $4; rps[k "\t" $5] = $6; lo[k "\t" $5] = $7; hi[k "\t" $5] = $8; alloc[k "\t" $5] = $9; bytes[k "\t" $5] = $10; keys[k] = 1 }
    END {
      for (k in keys) {
        split(k, p, "\t"); peer = (p[3] == "json") ? "stj-sg" : "mpcs"
        f = k "\tfast"; q = k "\t" peer
        label = (s == "size") ? sprintf("%.1f KB (%s)", bytes[f] / 1024, p[1]) : p[2]
        order = (s == "size") ? p[1] : p[2]
        name = (p[3] == "json") ? "JSON" : "MessagePack"
        ratio = (rps[q] > 0) ? rps[f] / rps[q] : 0
        printf "%012d\t%s\t| %s | %s | %.0f (%.0f–%.0f) | %.0f (%.0f–%.0f) | %.2f × | %.0f | %.0f | %.0f |\n", order, p[3], label, name,
          rps[q], lo[q], hi[q], rps[f], lo[f], hi[f], ratio, rps[f] * bytes[f] / 1048576, alloc[q], alloc[f]
      }
    }' | sort | cut -f3-
}
{
  cat "$out/summary.md"
  echo
  echo "## Response size, $SWEEP_CONNECTIONS connections"
  table size
  echo
  echo "## Connections, count=$SWEEP_SIZE"
  table connections
} >"$out/sweep.md"
cat "$out/sweep.md"
echo "Results: $out" >&2
