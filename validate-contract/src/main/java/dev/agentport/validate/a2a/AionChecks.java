package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * The Aion daemon extension, checked only where the card's {@code capabilities.extensions} declares it: activated by
 * the {@code A2A-Extensions} header, with its payload in the request's {@code metadata} under its URI.
 */
final class AionChecks {

    static final String DAEMON = "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0";

    private AionChecks() {
    }

    static void activationIsEchoed(Probe probe) {
        Answer answer = probe.send(activated(probe, payload()));
        A2aShapes.sendResult(JsonRpc.result(answer), Version.V1_0, "the result of an activated SendMessage");
        String echoed = answer.header("A2A-Extensions");
        Expect.that(echoed != null && echoed.contains(DAEMON), answer.request() + " activating the daemon "
                + "extension was answered with A2A-Extensions " + echoed + ", expected it to list " + DAEMON);
    }

    static void payloadWithoutDaemonIdentityIs32602(Probe probe) {
        ObjectNode payload = payload();
        payload.remove("daemonIdentity");
        JsonRpc.error(probe.send(activated(probe, payload)), -32602);
    }

    private static Request.Builder activated(Probe probe, JsonNode payload) {
        A2aCard card = A2aCard.of(probe);
        if (!card.declaresExtension(DAEMON)) {
            throw Expect.skip("the agent card does not declare the Aion daemon extension");
        }
        Endpoint endpoint = card.endpoint(A2aCard.JSONRPC, Version.V1_0);
        ObjectNode params = JsonRpc.sendParams(JsonRpc.message(Version.V1_0, "a2a-msg-{run}-aion", null, null,
                Operations.PROMPT));
        params.putObject("metadata").set(DAEMON, payload);
        return JsonRpc.call(endpoint, "SendMessage", params).header("A2A-Extensions", DAEMON);
    }

    /** A daemon payload with the fields the extension requires, made up for the check. */
    static ObjectNode payload() {
        ObjectNode payload = JsonRpc.JSON.objectNode();
        payload.putObject("daemonIdentity").put("kind", "daemon").put("id", "00000000-0000-4000-8000-000000000001")
                .put("networkType", "Aion").put("organizationId", "00000000-0000-4000-8000-000000000002");
        payload.putObject("behavior").put("id", "00000000-0000-4000-8000-000000000003")
                .put("behaviorKey", "validateContract").put("versionId", "00000000-0000-4000-8000-000000000004");
        ObjectNode environment = payload.putObject("environment").put("id", "00000000-0000-4000-8000-000000000005")
                .put("name", "Validation").put("projectId", "00000000-0000-4000-8000-000000000006")
                .put("deploymentId", "00000000-0000-4000-8000-000000000007")
                .put("daemonAgentIdentityId", "00000000-0000-4000-8000-000000000001");
        environment.putObject("configurationVariables");
        return payload;
    }
}
