package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.CancelCause;
import dev.agentport.agent.Cancellation;
import dev.agentport.base.IdBytes;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The tasks extension ({@code io.modelcontextprotocol/tasks}, SEP-2663): a {@code tools/call} of a tool that supports
 * tasks, from a request that declares the extension in its {@code _meta} client capabilities, is answered at once
 * with a {@code CreateTaskResult} while the tool runs on ({@link TaskRun}); {@code tasks/get} reads the task,
 * {@code tasks/update} answers its questions, {@code tasks/cancel} cancels it. Tasks live in the task store, so any
 * instance answers for them; each is kept for the store's time to live after its last change.
 */
final class McpTasks {

    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    static final String GET = "tasks/get";
    static final String UPDATE = "tasks/update";
    static final String CANCEL = "tasks/cancel";
    static final Set<String> METHODS = Set.of(GET, UPDATE, CANCEL);
    /** How often a client should poll a task, in milliseconds. */
    static final long POLL_INTERVAL_MS = 500;

    private final TaskBook book;
    private final TaskRun runner;
    private final Runs runs;
    private final RequestState states;
    private final Clock clock;

    McpTasks(TaskBook book, Runs runs, RequestState states, Clock clock) {
        this.book = book;
        this.runner = new TaskRun(book, runs, clock);
        this.runs = runs;
        this.states = states;
        this.clock = clock;
    }

    /** The server's capability entry: {@code capabilities.extensions["io.modelcontextprotocol/tasks"]}. */
    static void announce(ObjectNode capabilities) {
        ObjectNode extensions = capabilities.get("extensions") instanceof ObjectNode own ? own
                : capabilities.putObject("extensions");
        extensions.putObject(EXTENSION);
    }

    /** Whether the request declares the extension in {@code _meta}: only then may it get a task. */
    static boolean declared(McpMessage message) {
        return message.meta().path(McpMessage.META_CLIENT_CAPABILITIES).path("extensions").path(EXTENSION)
                .isObject();
    }

    /**
     * Whether the call runs as a task: its tool supports tasks and the request declares the extension. A tool that
     * runs only as a task, called by a request that does not, is refused with {@code -32021}.
     */
    boolean runsAsTask(ToolCall call, McpMessage message, McpScope scope) {
        TaskSupport support = call.tool().taskSupport();
        boolean declared = declared(message);
        if (support == TaskSupport.REQUIRED && !declared) {
            throw missingExtension("the tool " + McpScopes.sanitize(call.tool().name()) + " runs only as a task",
                    scope);
        }
        return support != TaskSupport.FORBIDDEN && declared;
    }

    /**
     * Makes the call's task and starts it: the tool's {@link McpTool#beforeTask} part runs first, in the request, and
     * may answer {@code input_required}; then the task is stored (so that a {@code tasks/get} finds it as soon as the
     * client has the answer), its run starts, and the result is the {@code CreateTaskResult}.
     */
    ObjectNode create(HttpRequest request, McpMessage message, McpScope scope, ToolCall toolCall,
                      ClientCapabilities capabilities, InputRounds rounds, Settlement settlement) {
        Asker asker = rounds != null ? rounds : Asker.refusing(() -> "this request cannot ask the client before its task");
        McpCall call = new McpCall(request, scope, null, dropped -> { }, null,
                new Cancellation(runs.deadline(request.deadline())), capabilities, asker);
        ObjectNode arguments;
        try {
            arguments = toolCall.tool().beforeTask(toolCall.arguments(), call);
        } catch (InputRequired pending) {
            if (rounds == null) {
                throw new McpError(McpError.INTERNAL_ERROR, message.method() + " cannot ask the client");
            }
            return rounds.inputRequired(pending, message.method(), message.params(), states);
        } catch (McpError e) {
            throw e;
        } catch (McpToolInputError e) {
            return settlement.complete(ToolResults.error(e.getMessage()), scope);
        } catch (Exception e) {
            throw new McpError(McpError.INTERNAL_ERROR, "the tool failed before its task began");
        }
        McpTask task = McpTask.working(IdBytes.uuid(), clock.instant(), toolCall.tool().name(), arguments, scope,
                ClientCapabilities.names(message.meta().get(McpMessage.META_CLIENT_CAPABILITIES)));
        book.create(task);
        runner.start(request, task, toolCall.tool());
        ObjectNode result = settlement.complete(task.summary(book.ttlMs(), POLL_INTERVAL_MS), scope);
        result.put("resultType", "task");
        return result;
    }

    /** Answers {@code tasks/get}, {@code tasks/update} or {@code tasks/cancel}; the result is not settled yet. */
    ObjectNode answer(HttpRequest request, McpMessage message, McpScope scope, McpTools tools) {
        if (!declared(message)) {
            throw missingExtension(message.method() + " needs the tasks extension", scope);
        }
        String taskId = taskId(message);
        return switch (message.method()) {
            case GET -> book.find(taskId).orElseThrow(() -> unknown(taskId))
                    .detailed(book.ttlMs(), POLL_INTERVAL_MS);
            case UPDATE -> update(request, taskId, message.params(), tools);
            default -> cancel(taskId);
        };
    }

    /**
     * Takes the answers to questions the task waits on (others are ignored); once none is left, the task works again
     * and its tool runs again from the start, here, with every answer. Acknowledged with an empty result, whatever
     * the task.
     */
    private ObjectNode update(HttpRequest request, String taskId, ObjectNode params, McpTools tools) {
        JsonNode responses = params.get(InputRounds.RESPONSES);
        if (!(responses instanceof ObjectNode given)) {
            throw McpError.invalidParams("params.inputResponses must be an object of responses by key");
        }
        Optional<McpTask> stored = book.find(taskId);
        if (stored.isEmpty()) {
            return Json.object();
        }
        McpTool tool = tools.named(stored.get().tool());
        book.settle(taskId, task -> {
            if (!task.status().equals(McpTask.INPUT_REQUIRED)) {
                return task;
            }
            ObjectNode waiting = task.inputRequests().deepCopy();
            ObjectNode answers = task.answers().deepCopy();
            for (Map.Entry<String, JsonNode> answer : given.properties()) {
                if (waiting.has(answer.getKey()) && answer.getValue().isObject()) {
                    answers.set(answer.getKey(), answer.getValue());
                    waiting.remove(answer.getKey());
                }
            }
            if (waiting.size() == task.inputRequests().size()) {
                return task;
            }
            return waiting.isEmpty()
                    ? task.moved(McpTask.WORKING, null, clock.instant(), answers, null, null, null)
                    : task.moved(McpTask.INPUT_REQUIRED, task.statusMessage(), task.lastUpdatedAt(), answers, waiting,
                    null, null);
        }).filter(task -> task.status().equals(McpTask.WORKING))
                .ifPresent(task -> runner.start(request, task, tool));
        return Json.object();
    }

    /** Marks the task cancelled and cancels its run here; another instance's run sees it within a second. */
    private ObjectNode cancel(String taskId) {
        if (book.find(taskId).isEmpty()) {
            throw unknown(taskId);
        }
        book.settle(taskId, task -> task.moved(McpTask.CANCELLED, TaskBook.CANCELLED_MESSAGE, clock.instant(),
                null, null, null, null));
        runs.cancel(taskId, CancelCause.CLIENT_CANCELLED, TaskBook.CANCELLED_MESSAGE);
        return Json.object();
    }

    private static String taskId(McpMessage message) {
        JsonNode id = message.params().get("taskId");
        if (id == null || !id.isTextual() || id.asText().isEmpty()) {
            throw McpError.invalidParams("params.taskId must name a task");
        }
        return id.asText();
    }

    private static McpError unknown(String taskId) {
        return McpError.invalidParams("Unknown task: " + McpScopes.sanitize(taskId));
    }

    /** {@code -32021} naming the extension: 400 in 2026-07-28. */
    static McpError missingExtension(String why, McpScope scope) {
        ObjectNode data = Json.object();
        data.putObject("requiredCapabilities").putObject("extensions").putObject(EXTENSION);
        return new McpError(McpError.MISSING_REQUIRED_CLIENT_CAPABILITY, why + ": declare " + EXTENSION
                + " in _meta." + McpMessage.META_CLIENT_CAPABILITIES + ".extensions", data,
                scope.perRequest() ? 400 : 200);
    }
}
