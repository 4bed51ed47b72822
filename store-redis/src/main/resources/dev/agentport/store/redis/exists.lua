-- Whether a conversation has a turn or a paused run; forgets the run ids of paused runs claimed or expired.
-- KEYS: version key, paused-in set. ARGV: the paused runs' key prefix.
if redis.call('EXISTS', KEYS[1]) == 1 then
    return 1
end
for _, run in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    if redis.call('EXISTS', ARGV[1] .. run) == 1 then
        return 1
    end
    redis.call('SREM', KEYS[2], run)
end
return 0
