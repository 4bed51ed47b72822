-- wrk script for benchmarks/load-1m.sh and benchmarks/all.sh: POST /invoke with {"input":"hello"} (a new session
-- each), counting every answer that is not 2xx. done() prints "name value" lines (report.lua, next to this script),
-- and non2xx.

local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")

non2xx = 0 -- global: done() reads it from every thread
local all = {}

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"input":"hello"}'

function setup(thread)
   table.insert(all, thread)
end

function response(status, headers, body)
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   end
end

function done(summary, latency, requests)
   local counted = 0
   for _, thread in ipairs(all) do
      counted = counted + thread:get("non2xx")
   end
   report.write(summary, latency, {{"non2xx", counted}})
end
