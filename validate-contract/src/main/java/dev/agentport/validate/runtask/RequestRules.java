package dev.agentport.validate.runtask;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;

/**
 * Section 4, Request, and section 8, Security boundary: the adapter takes the runtime's task as the runtime sends it,
 * with no credentials, and never hands back a runtime token it was sent by mistake.
 */
final class RequestRules {

    private RequestRules() {
    }

    static void acceptsTheRuntimeRequest(Probe probe) {
        Tasks.accepted(Tasks.full(probe), "every field of the runtime's task");
    }

    /** {@code workspace_id} is sent "when available". */
    static void acceptsATaskWithoutAWorkspace(Probe probe) {
        ObjectNode task = Tasks.task("no-workspace", "hello");
        task.remove("workspace_id");
        Tasks.accepted(Tasks.send(probe, task), "no workspace_id");
    }

    /** Old adapters ignore the newer {@code platform} field; so must an adapter any field a newer runtime adds. */
    static void ignoresUnknownFields(Probe probe) {
        ObjectNode task = Tasks.task("unknown-fields", "hello");
        task.putObject("validate_contract_future_field").put("added_by", "a newer runtime");
        ((ObjectNode) task.get("platform")).put("validate_contract_future_field", true);
        Tasks.accepted(Tasks.send(probe, task), "fields it does not know");
    }

    /** The adapter is not an authentication boundary: the runtime sends no credentials. */
    static void needsNoAuthorization(Probe probe) {
        Answer answer = Tasks.full(probe);
        Expect.that(answer.status() != 401 && answer.status() != 403, answer.request() + " without credentials "
                + "answered " + answer.status() + "; the runtime sends none (the adapter is not an authentication "
                + "boundary): " + answer.excerpt());
    }

    static void neverEchoesARuntimeToken(Probe probe) {
        ObjectNode task = Tasks.task("runtime-token", "hello");
        task.put("runtime_token", Tasks.RUNTIME_TOKEN);
        Answer answer = Tasks.send(probe, task);
        String token = Tasks.RUNTIME_TOKEN.replace("{run}", probe.nonce());
        Expect.that(!(answer.headers().toString() + answer.text()).contains(token), answer.request()
                + " with a runtime_token in the task answered with that token; the adapter must not accept or "
                + "forward it");
    }
}
