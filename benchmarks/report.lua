-- The report every wrk script here prints when wrk is done: one "name value" pair per line, which the calling
-- scripts (compare.sh, all.sh, helidon.sh, load-1m.sh) read by name. A script loads it with
--
--    local report = dofile(debug.getinfo(1, "S").source:match("^@?(.-)[^/]*$") .. "report.lua")
--    function done(summary, latency, requests) report.write(summary, latency) end
--
-- (the script's own directory, so wrk can be started from any directory). extra, when given, is a list of
-- {name, value} pairs written after the others.

local report = {}

function report.write(summary, latency, extra)
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
   for _, pair in ipairs(extra or {}) do
      io.write(string.format("%s %d\n", pair[1], pair[2]))
   end
end

return report
