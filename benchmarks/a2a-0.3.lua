-- wrk script for A2A 0.3 JSON-RPC message/send on POST /a2a (no A2A-Version header) with the text "hello", used by
-- benchmarks/all.sh. The message names no task and no context: every request starts a new task in a new conversation.
--
-- done() prints one "name value" pair per line for the calling script to read.

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message",'
   .. '"messageId":"m1","role":"user","parts":[{"kind":"text","text":"hello"}]}}}'

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
