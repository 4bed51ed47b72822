package dev.agentport.validate.agentcore;

import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.http.Answer;

/**
 * The session the platform names in {@code X-Amzn-Bedrock-AgentCore-Runtime-Session-Id} (33 to 256 characters): a
 * second call of the same session is served like the first, and an answer that names a session names the one it was
 * sent. The contract does not require the header on the answer, so its absence passes.
 */
final class SessionRules {

    /** A session id as the platform makes them: at least 33 characters. */
    static final String SESSION = "validate-contract-session-{run}-0123456789";

    private SessionRules() {
    }

    static void continueTheSessionTheyAreSent(Probe probe) {
        for (String turn : new String[]{"session first", "session second"}) {
            Answer answer = probe.send(Calls.invocation(turn).header(Calls.SESSION_HEADER, SESSION));
            Expect.status(answer, 200);
            String sent = answer.request().header(Calls.SESSION_HEADER);
            String named = answer.header(Calls.SESSION_HEADER);
            Expect.that(named == null || named.equals(sent), answer.request() + " in session " + sent
                    + " answered " + Calls.SESSION_HEADER + ": " + named);
        }
    }
}
