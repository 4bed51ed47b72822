package dev.agentport.validate.agentcore;

import dev.agentport.validate.http.Request;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/** The requests the AgentCore rules send, as the platform passes a caller's on to the container. */
final class Calls {

    static final String INVOCATIONS = "/invocations";
    static final String PING = "/ping";
    static final String SESSION_HEADER = "X-Amzn-Bedrock-AgentCore-Runtime-Session-Id";
    static final Set<String> PING_STATUSES = Set.of("Healthy", "HealthyBusy");

    private Calls() {
    }

    static Request.Builder ping() {
        return Request.get(PING);
    }

    /** {@code {"prompt":"..."}}, the payload of the contract's example; {@code what} tells the rules' calls apart. */
    static Request.Builder invocation(String what) {
        return Request.post(INVOCATIONS).authorized()
                .json("{\"prompt\":\"validate-contract " + what + " {run}\"}");
    }

    static Request.Builder invocation(String contentType, String body) {
        return Request.post(INVOCATIONS).authorized().body(contentType, body.getBytes(StandardCharsets.UTF_8));
    }
}
