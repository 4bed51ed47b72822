package dev.agentport.a2arest;

import dev.agentport.runtime.StoreOutage;

/**
 * An error as the binding answers it: a {@code google.rpc.Status} with the HTTP status as its {@code code}, the
 * canonical status name, a message, and for A2A's own errors an {@code ErrorInfo} detail naming the reason (the
 * specification's table: not found 404; the other A2A errors 400; bad input 400).
 *
 * @param httpStatus the HTTP status, also the body's {@code code}
 * @param status     the {@code google.rpc.Code} name
 * @param message    what went wrong, safe to show (never a payload value or a token)
 * @param reason     the A2A {@code ErrorInfo} reason, or {@code null} for errors that are not A2A's own
 */
record RestError(int httpStatus, String status, String message, String reason) {

    static RestError invalidArgument(String message) {
        return new RestError(400, "INVALID_ARGUMENT", message, null);
    }

    static RestError tooLarge(String message) {
        return new RestError(413, "INVALID_ARGUMENT", message, null);
    }

    static RestError notFound(String message) {
        return new RestError(404, "NOT_FOUND", message, null);
    }

    static RestError methodNotAllowed(String message) {
        return new RestError(405, "UNIMPLEMENTED", message, null);
    }

    static RestError unauthenticated(String message) {
        return new RestError(401, "UNAUTHENTICATED", message, null);
    }

    static RestError permissionDenied(String message) {
        return new RestError(403, "PERMISSION_DENIED", message, null);
    }

    static RestError unavailable(String message) {
        return new RestError(503, "UNAVAILABLE", message, null);
    }

    /** The state store failed: answered with {@code Retry-After}, as other unavailability is. */
    static RestError storeUnavailable() {
        return unavailable(StoreOutage.MESSAGE);
    }

    static RestError internal(String message) {
        return new RestError(500, "INTERNAL", message, null);
    }

    static RestError taskNotFound(String taskId) {
        return new RestError(404, "NOT_FOUND", "Task not found: " + taskId, "TASK_NOT_FOUND");
    }

    static RestError taskNotCancelable(String taskId, String state) {
        return new RestError(400, "FAILED_PRECONDITION", "Task " + taskId + " cannot be canceled: it is " + state,
                "TASK_NOT_CANCELABLE");
    }

    static RestError pushNotSupported() {
        return new RestError(400, "FAILED_PRECONDITION", "Push notifications are not supported",
                "PUSH_NOTIFICATION_NOT_SUPPORTED");
    }

    static RestError unsupportedOperation(String message) {
        return new RestError(400, "FAILED_PRECONDITION", message, "UNSUPPORTED_OPERATION");
    }

    static RestError contentTypeNotSupported(String message) {
        return new RestError(400, "INVALID_ARGUMENT", message, "CONTENT_TYPE_NOT_SUPPORTED");
    }

    static RestError extendedCardNotConfigured() {
        return new RestError(400, "FAILED_PRECONDITION", "No extended agent card is configured",
                "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
    }

    static RestError extensionRequired(String uri) {
        return new RestError(400, "FAILED_PRECONDITION", "The extension " + uri
                + " is required: list it in A2A-Extensions", "EXTENSION_SUPPORT_REQUIRED");
    }

    static RestError versionNotSupported(String version) {
        return new RestError(400, "FAILED_PRECONDITION", "A2A-Version " + version
                + " is not supported on this binding; use 1.0", "VERSION_NOT_SUPPORTED");
    }

    /** Thrown by the binding's handlers to answer with this error. */
    static final class Failure extends RuntimeException {
        private final RestError error;

        Failure(RestError error) {
            super(error.message(), null, false, false);
            this.error = error;
        }

        RestError error() {
            return error;
        }
    }

    Failure failure() {
        return new Failure(this);
    }
}
