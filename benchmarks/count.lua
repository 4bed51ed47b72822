-- wrk script for benchmarks/load-1m.sh: POST /invoke with {"input":"hello"} (a new session each), counting every
-- answer that is not 2xx. done() prints "name value" lines.

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
   local e = summary.errors
   io.write(string.format("requests %d\n", summary.requests))
   io.write(string.format("duration_us %d\n", summary.duration))
   io.write(string.format("non2xx %d\n", counted))
   io.write(string.format("errors_socket %d\n", e.connect + e.read + e.write + e.timeout))
   for _, p in ipairs({50, 99}) do
      io.write(string.format("p%d_us %d\n", p, latency:percentile(p)))
   end
   io.write(string.format("max_us %d\n", latency.max))
end
