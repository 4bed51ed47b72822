-- Writes a task if its version is still the expected one, and indexes it by status time.
-- KEYS: task key, all-tasks index, expiry index, and the context's index when the task has a context.
-- ARGV: expected version, task document, score (minus the status time in ms), task id, time to live (ms),
--       the tasks' key prefix.
-- Returns 1 when written, 0 when another write came first.
local version = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if version ~= tonumber(ARGV[1]) then
    return 0
end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 100)) do
    if redis.call('EXISTS', ARGV[6] .. id) == 0 then
        redis.call('ZREM', KEYS[2], id)
        redis.call('ZREM', KEYS[3], id)
    end
end
redis.call('HSET', KEYS[1], 'version', version + 1, 'doc', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[5])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[5]), ARGV[4])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
if KEYS[4] then
    redis.call('ZADD', KEYS[4], ARGV[3], ARGV[4])
    redis.call('PEXPIRE', KEYS[4], ARGV[5])
end
return 1
