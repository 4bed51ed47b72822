package dev.agentport.a2arest;

import java.util.Set;

/** The binding's operations, each with the HTTP methods its path takes. */
enum RestOperation {
    SEND(Set.of("POST")),
    STREAM(Set.of("POST")),
    GET_TASK(Set.of("GET")),
    LIST_TASKS(Set.of("GET")),
    CANCEL(Set.of("POST")),
    /** The specification's text says POST, its proto GET; SDKs send either. */
    SUBSCRIBE(Set.of("GET", "POST")),
    EXTENDED_CARD(Set.of("GET")),
    /** {@code /tasks/{id}/pushNotificationConfigs}: create and list. */
    PUSH_CONFIGS(Set.of("GET", "POST")),
    /** {@code /tasks/{id}/pushNotificationConfigs/{configId}}: get and delete. */
    PUSH_CONFIG(Set.of("GET", "DELETE"));

    private final Set<String> methods;

    RestOperation(Set<String> methods) {
        this.methods = methods;
    }

    Set<String> methods() {
        return methods;
    }
}
