-- Appends a turn if the conversation's version is still the expected one.
-- KEYS: version key, turns key. ARGV: expected version, turn document, turns kept, time to live (ms).
-- Returns 1 when appended, 0 when another turn came first.
local version = tonumber(redis.call('GET', KEYS[1]) or '0')
if version ~= tonumber(ARGV[1]) then
    return 0
end
if version == 0 then
    -- a conversation that expired may leave turns that outlived its version by a moment
    redis.call('DEL', KEYS[2])
end
redis.call('RPUSH', KEYS[2], ARGV[2])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('SET', KEYS[1], version + 1, 'PX', ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1
