-- Writes an MCP task if its version is still the expected one.
-- KEYS: the task's key. ARGV: expected version, task document, time to live (ms).
-- Returns 1 when written, 0 when another write came first.
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if version ~= tonumber(ARGV[1]) then
    return 0
end
redis.call('HSET', KEYS[1], 'version', version + 1, 'doc', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
