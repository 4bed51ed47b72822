package dev.agentport.jsonrpc;

import dev.agentport.runtime.StoreOutage;

/**
 * A JSON-RPC error as the binding answers it.
 *
 * @param code    the JSON-RPC code
 * @param message what went wrong, safe to show (never a payload value or a token)
 * @param reason  the A2A 1.0 {@code ErrorInfo} reason for A2A-specific errors, or {@code null}
 */
record RpcError(int code, String message, String reason) {

    static RpcError parse(String message) {
        return new RpcError(-32700, message, null);
    }

    static RpcError invalidRequest(String message) {
        return new RpcError(-32600, message, null);
    }

    static RpcError methodNotFound(String method) {
        return new RpcError(-32601, "Method not found: " + method, null);
    }

    static RpcError invalidParams(String message) {
        return new RpcError(-32602, "Invalid params: " + message, null);
    }

    static RpcError internal(String message) {
        return new RpcError(-32603, message, null);
    }

    /** The state store failed: answered on HTTP 503 with {@code Retry-After}, as other unavailability is. */
    static RpcError storeUnavailable() {
        return internal(StoreOutage.MESSAGE);
    }

    static RpcError taskNotFound(String taskId) {
        return new RpcError(-32001, "Task not found: " + taskId, "TASK_NOT_FOUND");
    }

    static RpcError taskNotCancelable(String taskId, String state) {
        return new RpcError(-32002, "Task " + taskId + " cannot be canceled: it is " + state, "TASK_NOT_CANCELABLE");
    }

    static RpcError pushNotSupported() {
        return new RpcError(-32003, "Push notifications are not supported", "PUSH_NOTIFICATION_NOT_SUPPORTED");
    }

    static RpcError unsupportedOperation(String message) {
        return new RpcError(-32004, message, "UNSUPPORTED_OPERATION");
    }

    static RpcError contentTypeNotSupported(String message) {
        return new RpcError(-32005, message, "CONTENT_TYPE_NOT_SUPPORTED");
    }

    static RpcError extendedCardNotConfigured() {
        return new RpcError(-32007, "No extended agent card is configured", "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
    }

    static RpcError extensionRequired(String uri) {
        return new RpcError(-32008, "The extension " + uri + " is required: list it in A2A-Extensions",
                "EXTENSION_SUPPORT_REQUIRED");
    }

    static RpcError versionNotSupported(String version) {
        return new RpcError(-32009, "A2A-Version " + version + " is not supported; use 1.0, or none for 0.3",
                "VERSION_NOT_SUPPORTED");
    }

    /** Thrown by the binding's methods to answer with this error. */
    static final class Failure extends RuntimeException {
        private final RpcError error;

        Failure(RpcError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }

        RpcError error() {
            return error;
        }
    }

    Failure failure() {
        return new Failure(this);
    }
}
