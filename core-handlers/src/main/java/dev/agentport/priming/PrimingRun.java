package dev.agentport.priming;

import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.mcp.McpFace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Sends priming requests in order through an adapter's own path, as one client would: a session the server issues
 * (MCP's {@code Mcp-Session-Id}, with {@code AGENT_MCP_SESSIONS=store}) goes with the later requests.
 */
public final class PrimingRun {

    static final String SESSION = "Mcp-Session-Id";

    private PrimingRun() {
    }

    /**
     * @param send serves one request the way the adapter serves a caller's, the body of its answer read to the end
     * @return the status of every answer, in order
     */
    public static List<Integer> run(List<HttpRequest> requests, Function<HttpRequest, HttpResponse> send) {
        List<Integer> statuses = new ArrayList<>(requests.size());
        String session = null;
        for (HttpRequest request : requests) {
            HttpRequest sent = session == null || !request.path().equals(McpFace.ENDPOINT) ? request
                    : new HttpRequest(request.method(), request.path(), request.rawQuery(),
                    request.headers().toBuilder().set(SESSION, session).build(), request.body(),
                    request.remotePeer(), request.deadline(), request.connection(), null);
            HttpResponse answer = send.apply(sent);
            statuses.add(answer.status());
            if (answer.header(SESSION) != null) {
                session = answer.header(SESSION);
            }
        }
        return statuses;
    }
}
