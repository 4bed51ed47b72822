-- Closes a wait, so that a later answer is refused, and takes the answer that came just before, if any.
-- KEYS: wait key, reply list. Returns the answer, or nil.
redis.call('DEL', KEYS[1])
local answer = redis.call('LPOP', KEYS[2])
redis.call('DEL', KEYS[2])
return answer
