-- wrk script for A2A 1.0 JSON-RPC SendMessage on POST /a2a (header A2A-Version: 1.0) with the text "hello", used by
-- benchmarks/all.sh. The message names no task and no context: every request starts a new task in a new conversation.
--
-- done() prints one "name value" pair per line for the calling script to read (report.lua, next to this script).

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["A2A-Version"] = "1.0"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1",'
   .. '"role":"ROLE_USER","parts":[{"text":"hello"}]}}}'

function done(summary, latency, requests)
   report.write(summary, latency)
end
