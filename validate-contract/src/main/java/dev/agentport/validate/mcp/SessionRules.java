package dev.agentport.validate.mcp;

import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.regex.Pattern;

/**
 * Streamable HTTP, session management (section 3), checked when the server issues an {@code Mcp-Session-Id}: the id
 * is visible ASCII, a session it does not know is 404, and {@code DELETE} ends a session (or is 405, when clients may
 * not end them).
 */
final class SessionRules {

    private static final Pattern VISIBLE_ASCII = Pattern.compile("[\\x21-\\x7E]+");

    private SessionRules() {
    }

    static void sessionIdIsVisibleAscii(Probe probe) {
        String id = issued(probe).sessionId();
        Expect.that(VISIBLE_ASCII.matcher(id).matches(), "the Mcp-Session-Id \"" + id
                + "\" has characters other than visible ASCII (0x21 to 0x7E)");
    }

    static void unknownSessionIdIs404(Probe probe) {
        Session session = issued(probe);
        Answer answer = probe.send(Session.withHeaders(Request.post(session.path()).authorized(), session.version(),
                "validate-contract-unknown-{run}").json(Messages.write(Messages.request(Messages.nextId(),
                "tools/list", Messages.object()))));
        Expect.status(answer, 404);
    }

    static void deleteEndsTheSession(Probe probe) {
        Session session = Session.open(probe, issued(probe).path(), issued(probe).version());
        Answer ended = probe.send(Request.method("DELETE", session.path()).authorized()
                .header(Session.SESSION_HEADER, session.sessionId()).header(Session.VERSION_HEADER, session.version()));
        if (ended.status() == 405) {
            throw Expect.skip("DELETE " + session.path() + " answered 405: clients may not end sessions here, as "
                    + "the spec lets a server decide");
        }
        Expect.status(ended, 200, 202, 204);
        Answer after = probe.send(session.post(Messages.request(Messages.nextId(), "tools/list",
                Messages.object())));
        Expect.that(after.status() == 404, "a request in a session that DELETE ended answered " + after.status()
                + ", expected 404: " + after.excerpt());
    }

    /** The run's session, when the server issued an id; skips otherwise. */
    private static Session issued(Probe probe) {
        Session session = McpClient.of(probe).session();
        if (session == null) {
            throw Expect.skip("the server speaks 2026-07-28 alone, which has no sessions");
        }
        if (session.sessionId() == null) {
            throw Expect.skip("initialize issued no Mcp-Session-Id: the server keeps no sessions, so there are none "
                    + "to check");
        }
        return session;
    }
}
