-- wrk script for MCP tools/call send_message {"message":"hello"} on POST /mcp, answered as JSON, used by
-- benchmarks/all.sh.
--
-- BENCH_MCP_SESSION unset or empty: stateless (AGENT_MCP_SESSIONS=stateless, the default): no initialize, no session
--   header; every call starts a new conversation.
-- BENCH_MCP_SESSION=id (with BENCH_MCP_VERSION, the version initialize agreed): a session the calling script opened
--   with initialize on a server with AGENT_MCP_SESSIONS=store; every call sends Mcp-Session-Id and
--   MCP-Protocol-Version, and continues the session's one conversation; each call has an id of its own.
--
-- done() prints one "name value" pair per line for the calling script to read (report.lua, next to this script).

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

local session = os.getenv("BENCH_MCP_SESSION")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
if session ~= nil and session ~= "" then
   wrk.headers["Mcp-Session-Id"] = session
   wrk.headers["MCP-Protocol-Version"] = os.getenv("BENCH_MCP_VERSION") or "2025-11-25"
end
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"send_message",'
   .. '"arguments":{"message":"hello"}}}'

if session ~= nil and session ~= "" then
   -- In one session, requests in flight at once need distinct ids, as a real client sends them: each wrk thread
   -- numbers its calls on its own residue class, so no two threads send the same id.
   local threads = 0
   function setup(thread)
      thread:set("thread_index", threads)
      threads = threads + 1
   end
   local calls = 0
   function request()
      calls = calls + 1
      local id = calls * 16 + (thread_index or 0)
      return wrk.format(nil, nil, nil, '{"jsonrpc":"2.0","id":' .. id .. ',"method":"tools/call","params":'
         .. '{"name":"send_message","arguments":{"message":"hello"}}}')
   end
end

function done(summary, latency, requests)
   report.write(summary, latency)
end
