#!/usr/bin/env bash
# Peak server memory while sending a ~50 MB response, per format and shape (streamed IAsyncEnumerable vs List<T>).
# Starts the sample (Release) once per case, so each peak (VmHWM, the process's high-water RSS) belongs to one response.
# Usage: bash benchmarks/memory/peak-memory.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
dotnet build samples/WebApi -c Release -v quiet -nologo >/dev/null
dll=samples/WebApi/bin/Release/net10.0/FastFormatters.Samples.WebApi.dll
port=5190

measure() { # name path accept
  ASPNETCORE_ENVIRONMENT=Production dotnet "$dll" --urls "http://127.0.0.1:$port" --Logging:LogLevel:Default=Warning >/dev/null 2>&1 &
  local pid=$!
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/api/orders/1" && break; sleep 0.1; done
  curl -s -o /dev/null "http://127.0.0.1:$port/api/statuses?count=10" -H "Accept: $3"
  local idle; idle=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  local bytes; bytes=$(curl -s -o /dev/null -w '%{size_download}' "http://127.0.0.1:$port$2" -H "Accept: $3")
  local peak; peak=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  kill "$pid"; wait "$pid" 2>/dev/null || true
  awk -v name="$1" -v bytes="$bytes" -v idle="$idle" -v peak="$peak" 'BEGIN {
    printf "| %-34s | %8.1f MB | %8.1f MB | %8.1f MB | %5.2f |\n", name, bytes / 1048576, idle / 1024, peak / 1024, (peak - idle) * 1024 / bytes }'
}

echo "| case | response | RSS before | peak RSS | (peak - before) / response |"
echo "| --- | --- | --- | --- | --- |"
measure "JSON, IAsyncEnumerable (streamed)" "/api/statuses/stream?count=40000" "application/json"
measure "MessagePack, IAsyncEnumerable" "/api/statuses/stream?count=50000" "application/x-msgpack"
measure "JSON, List<Status> (10,000)" "/api/statuses?count=10000" "application/json"
measure "MessagePack, List<Status> (10,000)" "/api/statuses?count=10000" "application/x-msgpack"
