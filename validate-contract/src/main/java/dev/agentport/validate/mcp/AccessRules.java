package dev.agentport.validate.mcp;

import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

/**
 * Streamable HTTP, the protocol version header and security (section 4): an {@code MCP-Protocol-Version} the server
 * does not speak is 400, an {@code Origin} it does not trust is 403, and a request without the token is 401.
 */
final class AccessRules {

    /** An origin no server can trust: {@code .invalid} names nothing (RFC 2606). */
    static final String FOREIGN_ORIGIN = "http://validate-contract.invalid";

    private AccessRules() {
    }

    static void unsupportedProtocolVersionHeaderIs400(Probe probe) {
        Session session = McpClient.of(probe).session();
        if (session == null) {
            throw Expect.skip("the server speaks 2026-07-28 alone: rule 6.7 checks its versions");
        }
        if (!Messages.atLeast(session.version(), Messages.V2025_06_18)) {
            throw Expect.skip("the server agreed on " + session.version() + ", which has no MCP-Protocol-Version "
                    + "header");
        }
        Answer answer = probe.send(Session.withHeaders(Request.post(session.path()).authorized(), null,
                        session.sessionId()).header(Session.VERSION_HEADER, LifecycleRules.UNKNOWN_VERSION)
                .json(Messages.write(Messages.request(Messages.nextId(), "tools/list", Messages.object()))));
        Expect.that(answer.status() == 400, "tools/list with MCP-Protocol-Version: " + LifecycleRules.UNKNOWN_VERSION
                + " answered " + answer.status() + ", expected 400: " + answer.excerpt());
    }

    static void foreignOriginIs403(Probe probe) {
        Answer answer = probe.send(McpClient.of(probe).post(Messages.nextId(), "tools/list", Messages.object())
                .header("Origin", FOREIGN_ORIGIN));
        Expect.that(answer.status() == 403, "tools/list with Origin: " + FOREIGN_ORIGIN + " answered "
                + answer.status() + ", expected 403 (a server must refuse origins it does not trust, against DNS "
                + "rebinding)");
    }

    static void requestWithoutTheTokenIs401(Probe probe) {
        if (!probe.hasToken()) {
            throw Expect.skip("no --token was given, so the server is taken to run without auth");
        }
        Answer answer = probe.send(McpClient.of(probe).postWithoutToken(Messages.nextId(), "tools/list",
                Messages.object()));
        Expect.that(answer.status() == 401, "tools/list without Authorization answered " + answer.status()
                + ", expected 401: " + answer.excerpt());
    }
}
