-- Hands an answer to the wait for it: of concurrent delivers, on any instance, the one that removes the wait wins.
-- KEYS: wait key, reply list. ARGV: the answer, its time to live in milliseconds. Returns 1 when delivered, else 0.
if redis.call('DEL', KEYS[1]) == 0 then
    return 0
end
redis.call('RPUSH', KEYS[2], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
return 1
