#!/usr/bin/env bash
# ad hoc: first request time of builtin/fast json with and without the startup hook, alternating
h=/work/main/benchmarks/Http/bin/Release/net10.0/FastFormatters.Benchmarks.Http.dll
hook=/work/main/benchmarks/FirstRequestHook/bin/Release/net10.0/FastFormatters.Benchmarks.FirstRequestHook.dll
for r in $(seq 1 ${N:-6}); do
 for mode in ${MODES:-builtin fast}; do
  for hk in off on; do
   env_hook=(); [ $hk = on ] && env_hook=(DOTNET_STARTUP_HOOKS=$hook FIRST_REQUEST_JIT_FILE=/tmp/hc.firstjit)
   env "${env_hook[@]}" ASPNETCORE_ENVIRONMENT=Production dotnet $h --mode $mode --urls http://127.0.0.1:5109 >/dev/null 2>&1 &
   pid=$!
   until (exec 3<>/dev/tcp/127.0.0.1/5109) 2>/dev/null; do sleep 0.005; done
   t=$(curl -s -o /dev/null -w '%{time_total}' -H 'Accept: application/json' 'http://127.0.0.1:5109/statuses?count=100')
   echo "$r $mode $hk $t"
   kill $pid; wait $pid 2>/dev/null
  done
 done
done
