package dev.agentport.parity.fuzz;

import java.util.List;
import java.util.SplittableRandom;

import static dev.agentport.parity.fuzz.HostileValues.pick;

/** Random JSON-RPC messages over the method names of A2A 1.0, A2A 0.3 and MCP, with fields of any shape. */
final class RandomJsonRpc {

    static final List<String> METHODS = List.of("SendMessage", "SendStreamingMessage", "GetTask", "ListTasks",
            "CancelTask", "SubscribeToTask", "GetExtendedAgentCard", "CreateTaskPushNotificationConfig",
            "GetTaskPushNotificationConfig", "ListTaskPushNotificationConfigs", "DeleteTaskPushNotificationConfig",
            "message/send", "message/stream", "tasks/get", "tasks/cancel", "tasks/resubscribe",
            "agent/getAuthenticatedExtendedCard", "tasks/pushNotificationConfig/set",
            "tasks/pushNotificationConfig/get", "tasks/pushNotificationConfig/list",
            "tasks/pushNotificationConfig/delete", "initialize", "ping", "server/discover", "tools/list",
            "tools/call", "resources/list", "resources/read", "resources/templates/list", "prompts/list",
            "prompts/get", "logging/setLevel", "completion/complete", "notifications/initialized",
            "notifications/cancelled", "notifications/progress", "", " ", "rpc.discover", "SENDMESSAGE",
            "message/send\u0000", "tools/call/", "../tasks/get", "x".repeat(500));

    private RandomJsonRpc() {
    }

    static String message(SplittableRandom random) {
        if (random.nextInt(12) == 0) {
            int count = random.nextInt(4);
            StringBuilder batch = new StringBuilder("[");
            for (int i = 0; i < count; i++) {
                batch.append(i == 0 ? "" : ",").append(single(random));
            }
            return batch.append(']').toString();
        }
        return single(random);
    }

    private static String single(SplittableRandom random) {
        StringBuilder json = new StringBuilder("{");
        member(json, random, "jsonrpc", pick(random, List.of("\"2.0\"", "\"2.0\"", "\"2.0\"", "\"1.0\"", "2.0",
                "null", "\"\"", "[\"2.0\"]")));
        member(json, random, "id", pick(random, List.of("1", "\"x-1\"", "null", "0", "-1", "1.5", "1e400",
                "9223372036854775808", "{}", "[]", "true", "\"\"", "\"" + "i".repeat(1_000) + "\"")));
        member(json, random, "method", random.nextInt(10) == 0 ? HostileValues.anyValue(random)
                : quoted(pick(random, METHODS)));
        member(json, random, "params", params(random));
        if (random.nextInt(8) == 0) {
            member(json, random, pick(random, List.of("result", "error")), HostileValues.anyValue(random));
        }
        if (json.charAt(json.length() - 1) == ',') {
            json.setLength(json.length() - 1);
        }
        return json.append('}').toString();
    }

    private static String params(SplittableRandom random) {
        return switch (random.nextInt(10)) {
            case 0 -> HostileValues.anyValue(random);
            case 1, 2, 3 -> "{\"message\":" + a2aMessage(random) + optionalMetadata(random)
                    + optional(random, "configuration", "{\"historyLength\":" + pick(random, HostileValues.NUMBERS)
                    + ",\"blocking\":" + HostileValues.anyValue(random) + "}") + "}";
            case 4 -> "{\"id\":" + anyId(random) + optional(random, "historyLength",
                    pick(random, HostileValues.NUMBERS)) + "}";
            case 5 -> "{\"contextId\":" + anyId(random) + ",\"pageSize\":" + pick(random, HostileValues.NUMBERS)
                    + ",\"pageToken\":" + anyId(random) + ",\"status\":" + quoted(pick(random, List.of(
                    "TASK_STATE_WORKING", "TASK_STATE_COMPLETED", "completed", "", "TASK_STATE_X"))) + "}";
            case 6 -> "{\"name\":" + quoted(pick(random, List.of("send_message", "get_health", "nope", "")))
                    + ",\"arguments\":" + pick(random, List.of("{\"message\":\"hi\"}", "{\"message\":1}",
                    "{\"message\":{}}", "{}", "[]", "\"x\"", "null", "{\"message\":\"hi\",\"session_id\":[]}"))
                    + optional(random, "_meta", "{\"progressToken\":" + HostileValues.anyValue(random)
                    + ",\"io.modelcontextprotocol/protocolVersion\":" + quoted(pick(random,
                    ValidRequests.MCP_VERSIONS)) + "}") + "}";
            case 7 -> "{\"protocolVersion\":" + quoted(pick(random, List.of("2025-03-26", "2025-06-18",
                    "2025-11-25", "2026-07-28", "", "1999-01-01"))) + ",\"capabilities\":"
                    + HostileValues.anyValue(random) + ",\"clientInfo\":" + HostileValues.anyValue(random) + "}";
            case 8 -> "{\"uri\":" + quoted(pick(random, List.of("file:///etc/passwd", "x://y", ""))) + "}";
            default -> "{\"taskId\":" + anyId(random) + ",\"config\":" + HostileValues.anyValue(random) + "}";
        };
    }

    static String a2aMessage(SplittableRandom random) {
        StringBuilder json = new StringBuilder("{");
        member(json, random, "messageId", anyId(random));
        member(json, random, "role", quoted(pick(random, List.of("ROLE_USER", "user", "ROLE_AGENT", "agent",
                "ROLE_UNSPECIFIED", "", "system"))));
        member(json, random, "kind", quoted(pick(random, List.of("message", "task", ""))));
        if (random.nextInt(4) == 0) {
            member(json, random, "taskId", anyId(random));
        }
        if (random.nextInt(4) == 0) {
            member(json, random, "contextId", anyId(random));
        }
        member(json, random, "parts", random.nextInt(8) == 0 ? HostileValues.anyValue(random) : parts(random));
        if (json.charAt(json.length() - 1) == ',') {
            json.setLength(json.length() - 1);
        }
        return json.append('}').toString();
    }

    private static String parts(SplittableRandom random) {
        int count = random.nextInt(4);
        StringBuilder parts = new StringBuilder("[");
        for (int i = 0; i < count; i++) {
            parts.append(i == 0 ? "" : ",").append(pick(random, List.of(
                    "{\"text\":\"hello\"}", "{\"kind\":\"text\",\"text\":" + HostileValues.anyValue(random) + "}",
                    "{\"kind\":\"file\",\"file\":{\"name\":\"a.txt\",\"mimeType\":\"text/plain\",\"bytes\":\"!!\"}}",
                    "{\"kind\":\"file\",\"file\":{\"uri\":\"javascript:alert(1)\"}}",
                    "{\"raw\":\"aGVsbG8=\",\"filename\":\"../../x\",\"mediaType\":\"\"}",
                    "{\"raw\":\"%%%\",\"filename\":" + HostileValues.anyValue(random) + "}",
                    "{\"url\":" + HostileValues.anyValue(random) + "}",
                    "{\"data\":" + HostileValues.anyValue(random) + "}",
                    "{\"kind\":\"data\",\"data\":" + HostileValues.nested(random, 30) + "}",
                    "{}", "null", "1", "\"text\"")));
        }
        return parts.append(']').toString();
    }

    private static String optionalMetadata(SplittableRandom random) {
        if (random.nextInt(3) != 0) {
            return "";
        }
        String payload = pick(random, List.of("{}", "null", "\"x\"", "{\"daemonIdentity\":{\"kind\":1}}",
                "{\"daemonIdentity\":{\"kind\":\"daemon\",\"id\":\"d\",\"networkType\":\"Aion\","
                        + "\"organizationId\":\"o\"},\"behavior\":{\"id\":\"b\",\"behaviorKey\":\"k\","
                        + "\"versionId\":\"v\"},\"environment\":{\"id\":\"e\",\"name\":\"n\",\"deploymentId\":\"d\","
                        + "\"daemonAgentIdentityId\":\"d\",\"configurationVariables\":"
                        + pick(random, List.of("{\"A\":\"b\"}", "{\"A\":1}", "[]", "null")) + "}}"));
        return ",\"metadata\":{" + quoted(ValidRequests.AION) + ":" + payload + "}";
    }

    private static String optional(SplittableRandom random, String name, String value) {
        return random.nextBoolean() ? "," + quoted(name) + ":" + value : "";
    }

    private static String anyId(SplittableRandom random) {
        return random.nextInt(3) == 0 ? HostileValues.anyValue(random)
                : quoted(pick(random, List.of("task-1", "ctx-1", "m-1", "", " ", "t".repeat(300), "a/b",
                "\u00e9", "00000000-0000-0000-0000-000000000000")));
    }

    private static void member(StringBuilder json, SplittableRandom random, String name, String value) {
        if (random.nextInt(10) != 0) {
            json.append(quoted(name)).append(':').append(value).append(',');
        }
    }

    static String quoted(String text) {
        return com.fasterxml.jackson.databind.node.TextNode.valueOf(text).toString();
    }
}
