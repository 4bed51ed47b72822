-- wrk script for Daedalus POST / with a text message "hello", used by benchmarks/all.sh. The message names no task
-- and no context, so every request starts a new task in a new conversation (a first turn), like invoke.lua's default.
--
-- done() prints one "name value" pair per line for the calling script to read (report.lua, next to this script).

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"message":{"role":"user","parts":[{"text":"hello"}]}}'

function done(summary, latency, requests)
   report.write(summary, latency)
end
