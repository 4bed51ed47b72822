-- Removes and returns a paused run: of concurrent claims, exactly one gets it.
-- KEYS: paused run key. Returns the run document, or nil.
local run = redis.call('GET', KEYS[1])
if run then
    redis.call('DEL', KEYS[1])
end
return run
