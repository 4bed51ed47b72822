-- Reads a conversation: its version, then its kept turns oldest first; nothing for an unknown one.
-- KEYS: version key, turns key.
local version = redis.call('GET', KEYS[1])
if not version then
    return {}
end
local turns = redis.call('LRANGE', KEYS[2], 0, -1)
table.insert(turns, 1, version)
return turns
