package dev.agentport.parity.fuzz;

import dev.agentport.parity.fuzz.Template.Header;

import java.util.ArrayList;
import java.util.List;

import static dev.agentport.parity.fuzz.Template.get;
import static dev.agentport.parity.fuzz.Template.post;

/** A valid request for every endpoint of every face, each as a client of that contract sends it. */
public final class ValidRequests {

    public static final String AION = "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0";
    static final String MCP_ACCEPT = "application/json, text/event-stream";
    static final List<String> MCP_VERSIONS = List.of("2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28");

    private ValidRequests() {
    }

    /** Every template; {@code local} adds the local adapter's (served by the Helidon server only). */
    public static List<Template> all(String token, boolean local) {
        Header auth = new Header("Authorization", "Bearer " + token);
        List<Template> all = new ArrayList<>();
        all.addAll(agentBreeder(auth));
        all.addAll(daedalus(auth));
        all.addAll(jsonRpc(auth));
        all.addAll(rest(auth));
        all.addAll(mcp(auth));
        all.addAll(agentCore(auth));
        if (local) {
            all.add(post("local run-task", "/run-task", "{\"task_run_id\":\"tr-1\",\"conversation_id\":\"conv-1\","
                    + "\"workspace_id\":\"ws-1\",\"task_type\":\"chat\",\"input\":{\"text\":\"hello there\"},"
                    + "\"initiator_agent_id\":\"a-1\",\"target_agent_id\":\"a-2\","
                    + "\"platform\":{\"name\":\"A2A\",\"origin\":\"example.org\"}}"));
        }
        return List.copyOf(all);
    }

    static List<Template> agentBreeder(Header auth) {
        Header version = new Header("X-Runtime-Contract-Version", "1");
        return List.of(
                post("agentbreeder invoke", "/invoke", "{\"input\":\"hello\",\"session_id\":\"fuzz-1\","
                        + "\"config\":{\"configurable\":{\"user_id\":\"u\"}},\"metadata\":{\"k\":\"v\"}}", auth, version),
                post("agentbreeder invoke messages", "/invoke",
                        "{\"input\":{\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}}", auth,
                        new Header("X-Session-Id", "fuzz-2"), new Header("X-Request-Id", "req-1")),
                post("agentbreeder stream", "/stream", "{\"input\":\"tell me\",\"session_id\":\"fuzz-3\"}", auth,
                        new Header("Accept", "text/event-stream")),
                post("agentbreeder resume", "/resume", "{\"thread_id\":\"fuzz-4\",\"human_input\":\"yes\"}", auth),
                get("agentbreeder health", "/health"),
                get("agentbreeder openapi", "/openapi.json", version),
                get("agentbreeder card", "/.well-known/agent.json"));
    }

    static List<Template> daedalus(Header auth) {
        String message = "{\"message\":{\"messageId\":\"m1\",\"taskId\":\"task-1\",\"contextId\":\"ctx-1\","
                + "\"role\":\"user\",\"parts\":[{\"text\":\"hello\"},{\"kind\":\"data\",\"data\":{\"a\":1}}]}}";
        return List.of(
                post("daedalus task", "/", message, auth),
                post("daedalus task stream", "/", message, auth, new Header("Accept", "text/event-stream")),
                get("daedalus card", "/.well-known/agent-card.json"),
                get("daedalus manifest", "/runtime-contract.json"));
    }

    static List<Template> jsonRpc(Header auth) {
        Header v1 = new Header("A2A-Version", "1.0");
        Header v03 = new Header("A2A-Version", "0.3");
        Header aion = new Header("A2A-Extensions", AION);
        String v1Message = "{\"messageId\":\"m-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}";
        String v03Message = "{\"kind\":\"message\",\"messageId\":\"m-2\",\"role\":\"user\","
                + "\"parts\":[{\"kind\":\"text\",\"text\":\"hello\"}]}";
        String aionPayload = "{\"daemonIdentity\":{\"kind\":\"daemon\",\"id\":\"d-1\",\"networkType\":\"Aion\","
                + "\"organizationId\":\"o-1\"},\"behavior\":{\"id\":\"b-1\",\"behaviorKey\":\"k\","
                + "\"versionId\":\"v-1\"},\"environment\":{\"id\":\"e-1\",\"name\":\"Production\","
                + "\"deploymentId\":\"dep-1\",\"configurationVariables\":{\"REGION\":\"us-west-2\"},"
                + "\"daemonAgentIdentityId\":\"d-1\"}}";
        List<Template> all = new ArrayList<>();
        for (String path : List.of("/a2a", "/")) {
            all.add(post("a2a 1.0 SendMessage " + path, path, rpc("SendMessage", "{\"message\":" + v1Message
                    + ",\"configuration\":{\"historyLength\":2}}"), auth, v1));
            all.add(post("a2a 1.0 SendStreamingMessage " + path, path, rpc("SendStreamingMessage",
                    "{\"message\":" + v1Message + "}"), auth, v1, new Header("Accept", "text/event-stream")));
            all.add(post("a2a 0.3 message/send " + path, path, rpc("message/send", "{\"message\":" + v03Message
                    + "}"), auth, v03));
            all.add(post("a2a 0.3 message/stream " + path, path, rpc("message/stream", "{\"message\":" + v03Message
                    + "}"), auth));
        }
        all.add(post("a2a 1.0 GetTask", "/a2a", rpc("GetTask", "{\"id\":\"task-1\",\"historyLength\":1}"), auth, v1));
        all.add(post("a2a 1.0 ListTasks", "/a2a", rpc("ListTasks", "{\"contextId\":\"ctx-1\",\"pageSize\":10,"
                + "\"status\":\"TASK_STATE_COMPLETED\",\"includeArtifacts\":true}"), auth, v1));
        all.add(post("a2a 1.0 CancelTask", "/a2a", rpc("CancelTask", "{\"id\":\"task-1\"}"), auth, v1));
        all.add(post("a2a 1.0 SubscribeToTask", "/a2a", rpc("SubscribeToTask", "{\"id\":\"task-1\"}"), auth, v1));
        all.add(post("a2a 1.0 GetExtendedAgentCard", "/a2a", rpc("GetExtendedAgentCard", "{}"), auth, v1));
        all.add(post("a2a 1.0 push config", "/a2a", rpc("CreateTaskPushNotificationConfig",
                "{\"taskId\":\"task-1\",\"config\":{\"url\":\"https://example.org\"}}"), auth, v1));
        all.add(post("a2a 0.3 tasks/get", "/a2a", rpc("tasks/get", "{\"id\":\"task-1\"}"), auth));
        all.add(post("a2a 0.3 tasks/cancel", "/a2a", rpc("tasks/cancel", "{\"id\":\"task-1\"}"), auth));
        all.add(post("a2a 0.3 tasks/resubscribe", "/a2a", rpc("tasks/resubscribe", "{\"id\":\"task-1\"}"), auth));
        all.add(post("a2a 0.3 pushNotificationConfig", "/a2a", rpc("tasks/pushNotificationConfig/get",
                "{\"id\":\"task-1\"}"), auth));
        all.add(post("a2a 1.0 aion SendMessage", "/a2a", rpc("SendMessage", "{\"message\":" + v1Message
                + ",\"metadata\":{\"" + AION + "\":" + aionPayload + "}}"), auth, v1, aion));
        all.add(post("a2a 0.3 aion message/stream", "/", rpc("message/stream", "{\"message\":" + v03Message
                + ",\"metadata\":{\"" + AION + "\":" + aionPayload + "}}"), auth,
                new Header("X-A2A-Extensions", AION)));
        all.add(post("a2a version in query", "/a2a?A2A-Version=1.0", rpc("GetTask", "{\"id\":\"t\"}"), auth));
        return all;
    }

    static List<Template> rest(Header auth) {
        Header v1 = new Header("A2A-Version", "1.0");
        String send = "{\"message\":{\"messageId\":\"m-3\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]},"
                + "\"configuration\":{\"historyLength\":2}}";
        return List.of(
                post("a2a rest message:send", "/message:send", send, auth, v1),
                post("a2a rest message:stream", "/acme/message:stream", send, auth, v1,
                        new Header("Accept", "text/event-stream")),
                get("a2a rest get task", "/tasks/task-1?historyLength=1", auth, v1),
                get("a2a rest list tasks", "/tasks?contextId=ctx-1&pageSize=10&status=TASK_STATE_COMPLETED", auth, v1),
                post("a2a rest cancel", "/tasks/task-1:cancel", "{}", auth, v1),
                get("a2a rest subscribe", "/tasks/task-1:subscribe", auth, v1),
                get("a2a rest extended card", "/extendedAgentCard?A2A-Version=1.0", auth),
                post("a2a rest push config", "/tasks/task-1/pushNotificationConfigs",
                        "{\"url\":\"https://example.org\"}", auth, v1));
    }

    static List<Template> agentCore(Header auth) {
        Header session = new Header("X-Amzn-Bedrock-AgentCore-Runtime-Session-Id",
                "fuzz-session-0123456789abcdef0123456789");
        return List.of(
                post("agentcore invocations", "/invocations", "{\"prompt\":\"hello\"}", auth, session,
                        new Header("X-Amzn-Bedrock-AgentCore-Runtime-Request-Id", "req-1"),
                        new Header("X-Amzn-Bedrock-AgentCore-Runtime-User-Id", "user-1"),
                        new Header("X-Amzn-Bedrock-AgentCore-Runtime-Custom-Team", "blue")),
                post("agentcore invocations payload", "/invocations",
                        "{\"input\":{\"question\":\"why\"},\"options\":[1,true,null]}", auth,
                        new Header("Accept", "application/json")),
                post("agentcore invocations stream", "/invocations", "{\"message\":\"tell me\"}", auth, session,
                        new Header("Accept", "text/event-stream")),
                get("agentcore ping", "/ping"));
    }

    static List<Template> mcp(Header auth) {
        Header accept = new Header("Accept", MCP_ACCEPT);
        List<Template> all = new ArrayList<>();
        for (String version : MCP_VERSIONS.subList(0, 3)) {
            all.add(post("mcp initialize " + version, "/mcp", rpc("initialize", "{\"protocolVersion\":\""
                    + version + "\",\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}"),
                    auth, accept));
            Header protocol = new Header("MCP-Protocol-Version", version);
            all.add(post("mcp tools/call " + version, "/mcp", rpc("tools/call", "{\"name\":\"send_message\","
                    + "\"arguments\":{\"message\":\"hi\"}}"), auth, accept, protocol,
                    new Header("Mcp-Session-Id", "fuzz-session")));
        }
        all.add(post("mcp ping", "/mcp", rpc("ping", "{}"), auth, accept));
        all.add(post("mcp tools/list", "/mcp", rpc("tools/list", "{}"), auth, accept,
                new Header("MCP-Protocol-Version", "2025-06-18")));
        all.add(post("mcp tools/call progress", "/mcp", rpc("tools/call", "{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"hi\"},\"_meta\":{\"progressToken\":\"p-1\"}}"), auth, accept));
        all.add(post("mcp get_health", "/mcp", rpc("tools/call", "{\"name\":\"get_health\",\"arguments\":{}}"),
                auth, accept));
        all.add(post("mcp notification", "/mcp", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                auth, accept));
        all.add(post("mcp response", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}", auth, accept));
        String meta = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{}}";
        Header modern = new Header("MCP-Protocol-Version", "2026-07-28");
        all.add(post("mcp 2026 server/discover", "/mcp", rpc("server/discover", "{" + meta + "}"), auth, accept,
                modern, new Header("Mcp-Method", "server/discover")));
        all.add(post("mcp 2026 tools/call", "/mcp", rpc("tools/call", "{\"name\":\"send_message\","
                + "\"arguments\":{\"message\":\"hi\"}," + meta + "}"), auth, accept, modern,
                new Header("Mcp-Method", "tools/call"), new Header("Mcp-Name", "send_message"),
                new Header("Origin", "http://localhost")));
        all.add(new Template("mcp delete session", "DELETE", "/mcp",
                List.of(auth, new Header("Mcp-Session-Id", "fuzz-session")), null));
        all.add(get("mcp get", "/mcp", auth, new Header("Accept", "text/event-stream")));
        all.add(get("mcp registry", "/.well-known/mcp/server.json"));
        return all;
    }

    static String rpc(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}";
    }
}
