package dev.agentport.jsonrpc;

import dev.agentport.a2a.VersionParameter;
import dev.agentport.http.HttpRequest;

import java.util.Map;
import java.util.Optional;

/**
 * The A2A protocol version of a request: {@code A2A-Version} (header, else query parameter) {@code 1.0} or
 * {@code 1.0.x} is 1.0; absent or empty is 0.3, as the 1.0 specification asks; {@code 0.3} and {@code 0.3.x} are 0.3.
 */
enum ProtocolVersion {
    V0_3(Map.ofEntries(
            Map.entry("message/send", Operation.SEND),
            Map.entry("message/stream", Operation.STREAM),
            Map.entry("tasks/get", Operation.GET),
            Map.entry("tasks/cancel", Operation.CANCEL),
            Map.entry("tasks/resubscribe", Operation.SUBSCRIBE),
            Map.entry("agent/getAuthenticatedExtendedCard", Operation.EXTENDED_CARD),
            Map.entry("tasks/pushNotificationConfig/set", Operation.PUSH_CONFIG),
            Map.entry("tasks/pushNotificationConfig/get", Operation.PUSH_CONFIG),
            Map.entry("tasks/pushNotificationConfig/list", Operation.PUSH_CONFIG),
            Map.entry("tasks/pushNotificationConfig/delete", Operation.PUSH_CONFIG))),
    V1_0(Map.ofEntries(
            Map.entry("SendMessage", Operation.SEND),
            Map.entry("SendStreamingMessage", Operation.STREAM),
            Map.entry("GetTask", Operation.GET),
            Map.entry("ListTasks", Operation.LIST),
            Map.entry("CancelTask", Operation.CANCEL),
            Map.entry("SubscribeToTask", Operation.SUBSCRIBE),
            Map.entry("GetExtendedAgentCard", Operation.EXTENDED_CARD),
            Map.entry("CreateTaskPushNotificationConfig", Operation.PUSH_CONFIG),
            Map.entry("GetTaskPushNotificationConfig", Operation.PUSH_CONFIG),
            Map.entry("ListTaskPushNotificationConfigs", Operation.PUSH_CONFIG),
            Map.entry("DeleteTaskPushNotificationConfig", Operation.PUSH_CONFIG)));

    private final Map<String, Operation> methods;

    ProtocolVersion(Map<String, Operation> methods) {
        this.methods = methods;
    }

    Optional<Operation> operation(String method) {
        return Optional.ofNullable(methods.get(method));
    }

    /** The request's version; throws the {@code VersionNotSupported} error for any other. */
    static ProtocolVersion of(HttpRequest request) {
        String value = VersionParameter.of(request);
        String version = value == null ? "" : value;
        if (version.isEmpty() || version.equals("0.3") || version.startsWith("0.3.")) {
            return V0_3;
        }
        if (version.equals("1.0") || version.startsWith("1.0.")) {
            return V1_0;
        }
        throw RpcError.versionNotSupported(dev.agentport.json.JsonBodyReader.sanitize(version)).failure();
    }
}
