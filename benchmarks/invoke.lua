-- wrk script for POST /invoke with {"input":"hello"}, used by benchmarks/helidon.sh and benchmarks/all.sh.
--
-- BENCH_SESSION_ID unset or empty: no session_id, so every request starts a new session (a first turn).
-- BENCH_SESSION_ID=some-id: every request continues that one session (its history fills up to the store's cap).
--
-- done() prints one "name value" pair per line for the calling script to read (report.lua, next to this script).

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

local session = os.getenv("BENCH_SESSION_ID")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
if session ~= nil and session ~= "" then
   wrk.body = '{"input":"hello","session_id":"' .. session .. '"}'
else
   wrk.body = '{"input":"hello"}'
end

function done(summary, latency, requests)
   report.write(summary, latency)
end
