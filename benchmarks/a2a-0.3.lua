-- wrk script for A2A 0.3 JSON-RPC message/send on POST /a2a (no A2A-Version header) with the text "hello", used by
-- benchmarks/all.sh. The message names no task and no context: every request starts a new task in a new conversation.
--
-- done() prints one "name value" pair per line for the calling script to read (report.lua, next to this script).

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message",'
   .. '"messageId":"m1","role":"user","parts":[{"kind":"text","text":"hello"}]}}}'

function done(summary, latency, requests)
   report.write(summary, latency)
end
