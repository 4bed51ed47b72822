package dev.agentport.validate.agentbreeder;

import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Answer;
import dev.agentport.validate.http.Request;

import java.util.List;

/**
 * Section 2, Authentication: with a token set, the protected endpoints answer 401 without a bearer token and 403 with
 * another one; {@code /health}, {@code /openapi.json} and {@code /.well-known/agent.json} stay open. The bodies of
 * 401 and 403 are advisory, so only the statuses are checked.
 */
final class AuthRules {

    private static final List<String> OPEN_PATHS = List.of("/health", "/openapi.json", "/.well-known/agent.json");

    private AuthRules() {
    }

    static void invokeWithoutATokenIs401(Probe probe) {
        Calls.requireAuth(probe, "that /invoke needs it");
        Expect.status(Calls.invokeWithoutAToken(probe), 401);
    }

    static void invokeWithAnotherSchemeIs401(Probe probe) {
        Calls.requireAuth(probe, "that /invoke needs a bearer token");
        Expect.status(probe.send(Request.post("/invoke").header("Authorization", "Basic dmFsaWRhdGU6Y29udHJhY3Q=")
                .json(Calls.HELLO)), 401);
    }

    static void invokeWithAWrongTokenIs403(Probe probe) {
        Calls.requireAuth(probe, "that /invoke refuses another token");
        Expect.status(probe.send(Request.post("/invoke").header("Authorization", "Bearer " + Calls.WRONG_TOKEN)
                .json(Calls.HELLO)), 403);
    }

    static void streamWithoutATokenIs401(Probe probe) {
        Calls.requireAuth(probe, "that /stream needs it");
        Expect.status(probe.send(Request.post("/stream").json(Calls.HELLO)), 401);
    }

    static void streamWithAWrongTokenIs403(Probe probe) {
        Calls.requireAuth(probe, "that /stream refuses another token");
        Expect.status(probe.send(Request.post("/stream").header("Authorization", "Bearer " + Calls.WRONG_TOKEN)
                .json(Calls.HELLO)), 403);
    }

    static void resumeWithoutATokenIs401(Probe probe) {
        Calls.requireAuth(probe, "that /resume needs it");
        Calls.requireResume(probe);
        Expect.status(probe.send(Request.post("/resume").json(Calls.UNKNOWN_THREAD)), 401);
    }

    static void resumeWithAWrongTokenIs403(Probe probe) {
        Calls.requireAuth(probe, "that /resume refuses another token");
        Calls.requireResume(probe);
        Expect.status(probe.send(Request.post("/resume").header("Authorization", "Bearer " + Calls.WRONG_TOKEN)
                .json(Calls.UNKNOWN_THREAD)), 403);
    }

    static void openPathsNeedNoToken(Probe probe) {
        for (String path : OPEN_PATHS) {
            open(probe.send(Request.get(path)));
        }
    }

    static void openPathsIgnoreAWrongToken(Probe probe) {
        for (String path : OPEN_PATHS) {
            open(probe.send(Request.get(path).header("Authorization", "Bearer " + Calls.WRONG_TOKEN)));
        }
    }

    /** Open: answered as without auth; 404 is fine for the two optional paths, never for /health. */
    private static void open(Answer answer) {
        if (answer.status() == 401 || answer.status() == 403) {
            throw new RuleFailed(answer.request() + " answered " + answer.status() + " but must stay open: "
                    + answer.excerpt());
        }
        if (answer.request().path().equals("/health")) {
            Expect.status(answer, 200);
        }
    }
}
