package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.ClientConnection;
import dev.agentport.json.Json;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.store.StateStores;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A core serving test tools that run as tasks, and 2026-07-28 requests to it that declare the tasks extension (or do
 * not): the headers the body calls for, {@code Mcp-Name} the task id on {@code tasks/*}.
 */
final class TaskTesting {

    /** A tool that supports tasks: its answer, or what it does, is the test's. */
    record TaskTool(String name, TaskSupport taskSupport, Body body) implements McpTool {

        interface Body {
            ObjectNode call(ObjectNode arguments, McpCall call) throws Exception;
        }

        @Override
        public ObjectNode definition() {
            ObjectNode tool = Json.object().put("name", name).put("description", "a task tool of the tests");
            tool.putObject("inputSchema").put("type", "object");
            return tool;
        }

        @Override
        public ObjectNode call(ObjectNode arguments, McpCall call) throws Exception {
            return body.call(arguments, call);
        }
    }

    static final McpExtension TOOLS = new McpExtension() {
        @Override
        public List<McpTool> tools() {
            return List.of(
                    new TaskTool("quick", TaskSupport.OPTIONAL, (arguments, call) -> ToolResults.text("done")),
                    new TaskTool("only_task", TaskSupport.REQUIRED, (arguments, call) -> ToolResults.text("done")),
                    new TaskTool("never_task", TaskSupport.FORBIDDEN, (arguments, call) -> ToolResults.text("done")),
                    new TaskTool("wait", TaskSupport.OPTIONAL, (arguments, call) -> {
                        Thread.sleep(Duration.ofMinutes(5));
                        return ToolResults.text("woke up");
                    }),
                    new TaskTool("broken", TaskSupport.OPTIONAL, (arguments, call) -> {
                        throw new McpError(McpError.INTERNAL_ERROR, "the tool broke the protocol");
                    }),
                    new TaskTool("ask_two", TaskSupport.OPTIONAL, (arguments, call) -> {
                        Map<String, ClientRequest> questions = new LinkedHashMap<>();
                        questions.put("first", question("First?"));
                        questions.put("second", question("Second?"));
                        Map<String, JsonNode> answers = call.askAll(questions);
                        return ToolResults.text(answers.get("first").at("/content/answer").asText() + " and "
                                + answers.get("second").at("/content/answer").asText());
                    }));
        }
    };

    private final InProcessTarget target;
    private final AgentPort core;
    private int ids;
    private int listens;

    private TaskTesting(AgentPort core) {
        this.core = core;
        this.target = new InProcessTarget(core);
    }

    static TaskTesting core(Map<String, String> env) {
        return core(env, StateStores.inMemory(Duration.ofHours(1)));
    }

    static TaskTesting core(Map<String, String> env, StateStores stores) {
        return new TaskTesting(AgentPort.builder().agent(new DefaultAgent())
                .config(RuntimeConfig.fromEnvironment(env))
                .stateStores(stores)
                .face(new McpFace(McpSettings.fromEnvironment(env), null, null, List.of(TOOLS)))
                .build());
    }

    AgentPort agentPort() {
        return core;
    }

    static ClientRequest question(String text) {
        ObjectNode params = Json.object().put("message", text);
        params.putObject("requestedSchema").put("type", "object").putObject("properties").putObject("answer")
                .put("type", "string");
        return new ClientRequest(ClientRequest.ELICITATION, params);
    }

    /**
     * {@code params} with a complete {@code _meta} that declares elicitation and the tasks extension when
     * {@code tasks}.
     */
    static ObjectNode params(boolean tasks) {
        ObjectNode params = Modern.params();
        if (tasks) {
            ObjectNode capabilities = (ObjectNode) params.get("_meta").get(Modern.CLIENT_CAPABILITIES);
            capabilities.putObject("elicitation");
            capabilities.putObject("extensions").putObject(McpTasks.EXTENSION);
        }
        return params;
    }

    Exchange call(String tool, ObjectNode arguments, boolean tasks) throws Exception {
        ObjectNode params = params(tasks).put("name", tool);
        params.set("arguments", arguments == null ? Json.object() : arguments);
        return send("tools/call", params, tool);
    }

    Exchange tasks(String method, String taskId, boolean tasks) throws Exception {
        return tasks(method, params(tasks).put("taskId", taskId));
    }

    Exchange tasks(String method, ObjectNode params) throws Exception {
        return send(method, params, params.path("taskId").asText());
    }

    Exchange update(String taskId, ObjectNode responses) throws Exception {
        ObjectNode params = params(true).put("taskId", taskId);
        params.set("inputResponses", responses);
        return tasks(McpTasks.UPDATE, params);
    }

    /** Reads the task until {@code until} holds of it (at most 10 s); returns the last {@code tasks/get} result. */
    JsonNode poll(String taskId, Predicate<JsonNode> until) throws Exception {
        Instant end = Instant.now().plusSeconds(10);
        JsonNode task = tasks(McpTasks.GET, taskId, true).json().path("result");
        while (!until.test(task) && Instant.now().isBefore(end)) {
            Thread.sleep(20);
            task = tasks(McpTasks.GET, taskId, true).json().path("result");
        }
        return task;
    }

    static Predicate<JsonNode> status(String status) {
        return task -> task.path("status").asText().equals(status);
    }

    Exchange send(String method, ObjectNode params, String name) throws Exception {
        ObjectNode body = Json.object().put("jsonrpc", "2.0").put("id", ++ids).put("method", method);
        body.set("params", params);
        CaseRequest.Builder request = McpTesting.post(Json.write(body))
                .header("MCP-Protocol-Version", Modern.VERSION).header("Mcp-Method", method);
        if (name != null && !name.isEmpty()) {
            request.header("Mcp-Name", name);
        }
        return target.send(request.build());
    }

    /**
     * Opens a {@code subscriptions/listen} stream with {@code notifications} as its filter, read as it is written;
     * {@code connection} tells the core when the client leaves.
     */
    OpenCall listen(JsonNode notifications, boolean tasks, ClientConnection connection) {
        ObjectNode params = params(tasks);
        if (notifications != null) {
            params.set(ListenFilter.NOTIFICATIONS, notifications);
        }
        ObjectNode body = Json.object().put("jsonrpc", "2.0").put("id", "listen-" + ++listens)
                .put("method", Listens.METHOD);
        body.set("params", params);
        return OpenCall.post(core, Json.write(body), Map.of("MCP-Protocol-Version", Modern.VERSION,
                "Mcp-Method", Listens.METHOD), connection);
    }

    /** A filter naming {@code taskIds}. */
    static ObjectNode taskIds(String... taskIds) {
        ObjectNode filter = Json.object();
        var named = filter.putArray(ListenFilter.TASK_IDS);
        for (String id : taskIds) {
            named.add(id);
        }
        return filter;
    }

    static ObjectNode answer(String text) {
        ObjectNode answer = Json.object().put("action", "accept");
        answer.putObject("content").put("answer", text);
        return answer;
    }
}
