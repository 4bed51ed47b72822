-- wrk script for POST /invoke with {"input":"hello"}, used by benchmarks/helidon.sh and benchmarks/all.sh.
--
-- BENCH_SESSION_ID unset or empty: no session_id, so every request starts a new session (a first turn).
-- BENCH_SESSION_ID=some-id: every request continues that one session (its history fills up to the store's cap).
--
-- done() prints one "name value" pair per line for the calling script to read.

local session = os.getenv("BENCH_SESSION_ID")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
if session ~= nil and session ~= "" then
   wrk.body = '{"input":"hello","session_id":"' .. session .. '"}'
else
   wrk.body = '{"input":"hello"}'
end

function done(summary, latency, requests)
   local e = summary.errors
   io.write(string.format("requests %d\n", summary.requests))
   io.write(string.format("duration_us %d\n", summary.duration))
   io.write(string.format("errors_socket %d\n", e.connect + e.read + e.write + e.timeout))
   io.write(string.format("errors_timeout %d\n", e.timeout))
   io.write(string.format("errors_status %d\n", e.status))
   for _, p in ipairs({50, 90, 99}) do
      io.write(string.format("p%d_us %d\n", p, latency:percentile(p)))
   end
   io.write(string.format("max_us %d\n", latency.max))
end
