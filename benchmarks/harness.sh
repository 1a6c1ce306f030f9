# The HTTP harness's lifecycle, sourced by the benchmark scripts. They set `dll` (the built harness), `base` (its URL)
# and `die` (message, exit) before calling start_harness; stop_harness is safe to call at any time.
harness_pid=""

stop_harness() {
  if [ -n "$harness_pid" ]; then
    kill "$harness_pid" 2>/dev/null || true
    wait "$harness_pid" 2>/dev/null || true
    harness_pid=""
  fi
}

stats() { curl -sf --max-time 5 "$base/stats"; }

start_harness() { # mode log [more harness arguments]
  if curl -s -o /dev/null --max-time 1 "$base/"; then
    die "something already answers on $base; stop it or set PORT"
  fi
  local mode=$1 log=$2
  shift 2
  ASPNETCORE_ENVIRONMENT=Production DOTNET_NOLOGO=1 dotnet "$dll" --mode "$mode" --urls "$base" "$@" >"$log" 2>&1 &
  harness_pid=$!
  for _ in $(seq 1 300); do
    if ! kill -0 "$harness_pid" 2>/dev/null; then
      harness_pid=""
      cat "$log" >&2
      die "the harness (--mode $mode) exited during startup; log above"
    fi
    local answer
    if answer=$(stats 2>/dev/null); then
      [[ $answer == *"\"mode\":\"$mode\""* ]] || die "the server on $base is not the harness in mode $mode: $answer"
      return 0
    fi
    sleep 0.1
  done
  die "the harness (--mode $mode) did not answer $base/stats within 30 s"
}

trap stop_harness EXIT
trap 'stop_harness; exit 130' INT TERM
