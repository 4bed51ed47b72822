-- Keeps a paused run under its run id and notes it in its conversation.
-- KEYS: paused run key, paused-in set. ARGV: run document, run id, time to live (ms).
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 1
