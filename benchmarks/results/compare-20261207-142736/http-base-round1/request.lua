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
