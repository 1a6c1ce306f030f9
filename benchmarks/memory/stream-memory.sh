#!/usr/bin/env bash
# Peak server memory while one streamed IAsyncEnumerable<T> response grows from ~10 MB to ~1 GB: it must stay flat
# (the growth must not follow the response size). The sample (Release) is started fresh per case, warmed up with a
# small stream, its peak RSS reset (/proc/<pid>/clear_refs, so VmHWM restarts from the current RSS), then one response
# of GET /api/statuses/stream?count=N is read to the end by curl and VmHWM is read again.
# JSON streams element by element in flushed chunks. MessagePack and JMC1 put the element count first: asked with
# stream=true on the media type they stream too (MessagePack as top-level values, JMC1 without its count comment) and
# are measured to ~1 GB; asked plainly, their IAsyncEnumerable responses are gathered before writing, measured up to
# ~100 MB to show that cost.
# Usage: bash benchmarks/memory/stream-memory.sh        (Linux: reads /proc)
set -euo pipefail
cd "$(dirname "$0")/../.."
dotnet build samples/WebApi -c Release -v quiet -nologo >/dev/null
dll=samples/WebApi/bin/Release/net10.0/FastFormatters.Samples.WebApi.dll
port=${PORT:-5191}

measure() { # format accept count
  ASPNETCORE_ENVIRONMENT=Production dotnet "$dll" --urls "http://127.0.0.1:$port" --Logging:LogLevel:Default=Warning >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/orders/1" && break; sleep 0.1; done
  curl -s -o /dev/null "http://127.0.0.1:$port/api/statuses/stream?count=2000" -H "Accept: $2"
  echo 5 >"/proc/$pid/clear_refs"
  local before; before=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  local start=$SECONDS
  local bytes; bytes=$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port/api/statuses/stream?count=$3" -H "Accept: $2")
  local seconds=$(( SECONDS - start ))
  local peak; peak=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  awk -v f="$1" -v n="$3" -v bytes="$bytes" -v before="$before" -v peak="$peak" -v s="$seconds" 'BEGIN {
    printf "| %s | %d | %9.1f MB | %7.1f MB | %7.1f MB | %7.1f MB | %5.3f | %d s |\n", f, n, bytes / 1048576, before / 1024, peak / 1024,
      (peak - before) / 1024, (peak - before) * 1024 / bytes, s }'
}

echo "| format | count | response | RSS before | peak RSS | growth | growth / response | time |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for count in 7800 78000 780000; do measure JSON application/json "$count"; done
for count in 7800 78000 780000; do measure "MessagePack, stream=true" "application/x-msgpack; stream=true" "$count"; done
for count in 7800 78000 780000; do measure "JMC1, stream=true" "application/jsonc; stream=true" "$count"; done
for count in 7800 78000; do measure "MessagePack (gathered)" application/x-msgpack "$count"; done
for count in 7800 78000; do measure "JMC1 (gathered)" application/jsonc "$count"; done
