package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.a2a.A2aTask;
import dev.agentport.store.StateJson;
import dev.agentport.task.StoredTask;
import dev.agentport.task.TaskPage;
import dev.agentport.task.TaskQuery;
import dev.agentport.task.TaskStore;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A2A tasks in the table. A task is the item {@code task#<id>}/{@code task} with its version; each write also puts an
 * index item in {@code ctx#<context id>} and in {@code tasks} (sort key: {@link TaskListing#orderKey}) and deletes the
 * ones of the status it replaces, all in one transaction conditional on the version. Listings query an index partition
 * in key order and read the tasks with BatchGetItem.
 */
final class DynamoDbTaskStore implements TaskStore {

    private static final String VERSION = "version";
    private static final String CONTEXT_ID = "contextId";
    private static final String ORDER = "orderKey";
    private static final String TASK_ID = "taskId";
    private static final String STATE = "state";

    private final Table table;

    DynamoDbTaskStore(Table table) {
        this.table = table;
    }

    static Map<String, AttributeValue> taskKey(String taskId) {
        return Items.key("task#" + taskId, "task");
    }

    @Override
    public Optional<StoredTask> get(String taskId) {
        Map<String, AttributeValue> item = read(taskId);
        if (!table.expiry().live(item)) {
            return Optional.empty();
        }
        JsonNode doc = Items.readDoc(item, "task");
        return Optional.of(new StoredTask(StateJson.readTask(doc), Items.number(item, VERSION),
                StateJson.readLeaseExpiry(doc)));
    }

    private Map<String, AttributeValue> read(String taskId) {
        Map<String, AttributeValue> item = table.call("GetItem", client -> client.getItem(builder -> builder
                .tableName(table.name()).key(taskKey(taskId)).consistentRead(true))).item();
        return item == null || item.isEmpty() ? null : item;
    }

    @Override
    public boolean put(A2aTask task, long expectedVersion, Instant leaseExpiry) {
        Map<String, AttributeValue> current = read(task.id());
        long version = table.expiry().live(current) ? Items.number(current, VERSION) : 0;
        if (version != expectedVersion) {
            return false;
        }
        long now = table.expiry().now();
        long expiresAt = table.expiry().expiresAt();
        String order = TaskListing.orderKey(task);
        Map<String, AttributeValue> item = Items.item("task#" + task.id(), "task", expiresAt);
        item.put(VERSION, Items.n(expectedVersion + 1));
        item.put(ORDER, Items.s(order));
        if (task.contextId() != null) {
            item.put(CONTEXT_ID, Items.s(task.contextId()));
        }
        item.put(Items.DOC, Items.doc(StateJson.task(task, leaseExpiry), "task"));
        Put.Builder put = Put.builder().tableName(table.name()).item(item);
        if (expectedVersion == 0) {
            put.conditionExpression(Items.ABSENT).expressionAttributeValues(Items.values(now));
        } else {
            put.conditionExpression("version = :version AND " + Items.LIVE)
                    .expressionAttributeValues(Items.values(now, ":version", Items.n(expectedVersion)));
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().put(put.build()).build());
        List<Map<String, AttributeValue>> added = indexKeys(task.contextId(), order);
        for (Map<String, AttributeValue> key : added) {
            Map<String, AttributeValue> index = new HashMap<>(key);
            index.put(Items.EXPIRES_AT, Items.n(expiresAt));
            index.put(TASK_ID, Items.s(task.id()));
            index.put(STATE, Items.s(task.status().state().wireName()));
            writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table.name()).item(index).build())
                    .build());
        }
        if (current != null && Items.text(current, ORDER) != null) {
            for (Map<String, AttributeValue> key : indexKeys(Items.text(current, CONTEXT_ID),
                    Items.text(current, ORDER))) {
                if (!added.contains(key)) {
                    writes.add(TransactWriteItem.builder()
                            .delete(Delete.builder().tableName(table.name()).key(key).build()).build());
                }
            }
        }
        return Transactions.write(table, writes);
    }

    private static List<Map<String, AttributeValue>> indexKeys(String contextId, String order) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        keys.add(Items.key(TaskListing.ALL, order));
        if (contextId != null) {
            keys.add(Items.key(TaskListing.contextKey(contextId), order));
        }
        return keys;
    }

    @Override
    public TaskPage list(TaskQuery query) {
        String partition = query.contextId() == null ? TaskListing.ALL : TaskListing.contextKey(query.contextId());
        Map<String, AttributeValue> start = query.pageToken() == null ? null
                : Items.key(partition, TaskListing.orderKey(query.pageToken()));
        long now = table.expiry().now();
        List<Map<String, AttributeValue>> matching = new ArrayList<>();
        do {
            QueryResponse page = queryIndex(partition, query, now, start, false);
            matching.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null && matching.size() <= query.pageSize());
        boolean more = matching.size() > query.pageSize();
        List<Map<String, AttributeValue>> shown = more ? matching.subList(0, query.pageSize()) : matching;
        String next = more ? TaskListing.token(Items.text(shown.getLast(), Items.SK)) : "";
        return new TaskPage(tasks(shown), next, count(partition, query, now));
    }

    private QueryResponse queryIndex(String partition, TaskQuery query, long now, Map<String, AttributeValue> start,
                                     boolean count) {
        Map<String, AttributeValue> values = Items.values(now, ":pk", Items.s(partition));
        Map<String, String> names = new HashMap<>();
        String filter = Items.LIVE;
        if (query.state() != null) {
            filter += " AND #state = :state";
            names.put("#state", STATE);
            values.put(":state", Items.s(query.state().wireName()));
        }
        QueryRequest.Builder request = QueryRequest.builder()
                .tableName(table.name())
                .keyConditionExpression("pk = :pk")
                .filterExpression(filter)
                .expressionAttributeValues(values)
                .expressionAttributeNames(names.isEmpty() ? null : names)
                .consistentRead(true)
                .exclusiveStartKey(start);
        if (count) {
            request.select(Select.COUNT);
        } else {
            request.limit(query.pageSize() + 1);
        }
        return table.call("Query", client -> client.query(request.build()));
    }

    private int count(String partition, TaskQuery query, long now) {
        int total = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = queryIndex(partition, query, now, start, true);
            total += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return total;
    }

    /** The tasks the index items name, in their order; one that expired or went since is left out. */
    private List<A2aTask> tasks(List<Map<String, AttributeValue>> index) {
        Map<String, Map<String, AttributeValue>> found = new HashMap<>();
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (Map<String, AttributeValue> entry : index) {
            Map<String, AttributeValue> key = taskKey(Items.text(entry, TASK_ID));
            if (!keys.contains(key)) {
                keys.add(key);
            }
        }
        while (!keys.isEmpty()) {
            List<Map<String, AttributeValue>> batch = keys;
            var response = table.call("BatchGetItem", client -> client.batchGetItem(builder -> builder
                    .requestItems(Map.of(table.name(), KeysAndAttributes.builder().keys(batch).consistentRead(true)
                            .build()))));
            for (Map<String, AttributeValue> item : response.responses().getOrDefault(table.name(), List.of())) {
                found.put(Items.text(item, Items.PK).substring("task#".length()), item);
            }
            KeysAndAttributes unprocessed = response.unprocessedKeys().get(table.name());
            keys = unprocessed == null ? List.of() : unprocessed.keys();
        }
        List<A2aTask> tasks = new ArrayList<>();
        for (Map<String, AttributeValue> entry : index) {
            Map<String, AttributeValue> item = found.get(Items.text(entry, TASK_ID));
            if (table.expiry().live(item)) {
                A2aTask task = StateJson.readTask(Items.readDoc(item, "task"));
                if (tasks.stream().noneMatch(shown -> Objects.equals(shown.id(), task.id()))) {
                    tasks.add(task);
                }
            }
        }
        return tasks;
    }
}
