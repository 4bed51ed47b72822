package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Rule;
import dev.agentport.validate.RuleFailed;

/**
 * MCP lifecycle, section 1: {@code initialize} agrees on a version, the client's when the server speaks it, else one
 * it does; then the session serves requests in that version.
 */
final class LifecycleRules {

    static final String UNKNOWN_VERSION = "1999-01-01";

    private LifecycleRules() {
    }

    static void answersWithAVersionAndServerInfo(Probe probe) {
        Session session = Session.open(probe, legacy(probe).path(), Messages.V2025_11_25);
        try {
            JsonNode result = session.result();
            Expect.that(result.path("capabilities").isObject(), "initialize's result has no capabilities object: "
                    + result);
            Expect.that(result.at("/capabilities/tools").isObject(), "initialize's result declares no tools "
                    + "capability, which the Pallas tools need: " + result.path("capabilities"));
            Expect.text(result, "/serverInfo/name", "initialize's result");
            Expect.text(result, "/serverInfo/version", "initialize's result");
        } finally {
            session.end(probe);
        }
    }

    /** {@code initialize} asking for {@code version} agrees on it, and {@code tools/list} then works in it. */
    static Rule.Check agreesOn(String version) {
        return probe -> {
            Session session = Session.open(probe, legacy(probe).path(), version);
            try {
                if (!session.version().equals(version)) {
                    throw Expect.skip("the server does not speak " + version + ": initialize offered "
                            + session.version() + " instead, as the spec lets it");
                }
                String id = Messages.nextId();
                Reply reply = Reply.of("tools/list in a " + version + " session", probe.send(
                        session.post(Messages.request(id, "tools/list", Messages.object()))));
                Expect.that(reply.result(id).path("tools").isArray(), reply.what() + "'s result has no tools "
                        + "array: " + reply.result(id));
            } finally {
                session.end(probe);
            }
        };
    }

    static void unknownVersionGetsOneTheServerSpeaks(Probe probe) {
        Session session;
        try {
            session = Session.open(probe, legacy(probe).path(), UNKNOWN_VERSION);
        } catch (RuleFailed e) {
            throw new RuleFailed("the server must answer an initialize it cannot agree to with a version it "
                    + "speaks: " + e.getMessage());
        }
        session.end(probe);
        Expect.that(!session.version().equals(UNKNOWN_VERSION), "initialize " + UNKNOWN_VERSION
                + " was agreed to, though no server speaks that version");
    }

    /** The endpoint, when it answers {@code initialize}; skips when the server speaks 2026-07-28 alone. */
    static Endpoint legacy(Probe probe) {
        Endpoint endpoint = Endpoint.of(probe);
        if (!endpoint.legacy()) {
            throw Expect.skip("the server has no initialize: " + endpoint.evidence());
        }
        return endpoint;
    }
}
