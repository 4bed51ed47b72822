package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;

/**
 * 2026-07-28's {@code subscriptions/listen} (SEP-2575) as the tasks extension (SEP-2663) uses it, checked when the
 * server declares the extension and serves the method: task status notifications are only for a client that
 * declares the extension on its listen request.
 */
final class ListenRules {

    static final String TASKS = "io.modelcontextprotocol/tasks";
    private static final String V = Messages.V2026_07_28;

    private ListenRules() {
    }

    static void listenForTasksWithoutTheExtensionIs32021(Probe probe) {
        JsonNode discover = PerRequestRules.discover(probe);
        if (!discover.at("/capabilities/extensions").has(TASKS)) {
            throw Expect.skip("the server does not declare " + TASKS + " in server/discover");
        }
        ObjectNode params = Messages.object();
        params.putObject("notifications").putArray("taskIds").add("validate-contract-unknown-task");
        Reply reply = Reply.of("subscriptions/listen naming taskIds without " + TASKS + " (" + V + ", POST "
                + Endpoint.shown(Endpoint.of(probe).path()) + ")", probe.send(PerRequest.post(
                Endpoint.of(probe).path(), PerRequest.message(Messages.nextId(), "subscriptions/listen", params, V))));
        if (reply.status() == 404 && reply.errorCode() == -32601) {
            throw Expect.skip("the server has no subscriptions/listen, so it sends no task status notifications");
        }
        Expect.that(reply.status() == 400, reply.what() + " answered " + reply.status() + ", expected 400: "
                + reply.answer().excerpt());
        Expect.equal(-32021, reply.errorCode(), reply.what() + "'s error code");
        Expect.that(reply.error().at("/data/requiredCapabilities/extensions").has(TASKS), reply.what()
                + "'s error does not name " + TASKS + " in data.requiredCapabilities.extensions: " + reply.error());
    }
}
