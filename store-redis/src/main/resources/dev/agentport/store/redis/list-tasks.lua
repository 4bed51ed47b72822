-- The documents of an index's tasks, newest status first; forgets the ids of tasks that expired.
-- KEYS: the index. ARGV: the tasks' key prefix.
local documents = {}
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
    local document = redis.call('HGET', ARGV[1] .. id, 'doc')
    if document then
        table.insert(documents, document)
    else
        redis.call('ZREM', KEYS[1], id)
    end
end
return documents
