package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.http.Request;

/**
 * A session of a version negotiated with {@code initialize} (2025-03-26 to 2025-11-25): the version the server agreed
 * on, and the session id when it issued one. Its requests carry what that version asks of a client: the
 * {@code Accept} header, {@code MCP-Protocol-Version} from 2025-06-18 on, and {@code Mcp-Session-Id}.
 *
 * @param path      the MCP endpoint's path
 * @param version   the version the server agreed on
 * @param sessionId the session id, or {@code null} when the server issued none
 * @param result    the result of {@code initialize}
 */
record Session(String path, String version, String sessionId, JsonNode result) {

    static final String ACCEPT = "application/json, text/event-stream";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    static final String SESSION_HEADER = "Mcp-Session-Id";

    /** Sends {@code initialize} asking for {@code version}, then {@code notifications/initialized}. */
    static Session open(Probe probe, String path, String version) {
        String id = Messages.nextId();
        Reply reply = Reply.of("initialize " + version + " (POST " + path + ")", probe.send(Request.post(path)
                .authorized().header("Accept", ACCEPT)
                .json(Messages.write(Messages.request(id, "initialize", Messages.initializeParams(version))))));
        JsonNode result = reply.result(id);
        JsonNode agreed = result.get("protocolVersion");
        if (agreed == null || !agreed.isTextual() || agreed.asText().isEmpty()) {
            throw new RuleFailed(reply.what() + "'s result names no protocolVersion: " + result);
        }
        Session session = new Session(path, agreed.asText(), reply.answer().header(SESSION_HEADER), result);
        // The client must send it; whether it is answered 202 is rule 2.2's concern, not every session's.
        probe.send(session.post(Messages.notification("notifications/initialized")));
        return session;
    }

    /** A POST of {@code message} in this session, with the token. */
    Request.Builder post(JsonNode message) {
        return withHeaders(Request.post(path).authorized(), version, sessionId).json(Messages.write(message));
    }

    /** A POST of {@code message} in this session, without the token. */
    Request.Builder postWithoutToken(JsonNode message) {
        return withHeaders(Request.post(path), version, sessionId).json(Messages.write(message));
    }

    /** The headers of a session's request: {@code versionHeader} and {@code session} are left out when null. */
    static Request.Builder withHeaders(Request.Builder request, String versionHeader, String session) {
        request.header("Accept", ACCEPT);
        if (versionHeader != null && Messages.atLeast(versionHeader, Messages.V2025_06_18)) {
            request.header(VERSION_HEADER, versionHeader);
        }
        if (session != null) {
            request.header(SESSION_HEADER, session);
        }
        return request;
    }

    /** Ends the session when the server issued one, so that the sessions rules open do not linger; not checked. */
    void end(Probe probe) {
        if (sessionId != null) {
            probe.send(Request.method("DELETE", path).authorized().header(SESSION_HEADER, sessionId)
                    .header(VERSION_HEADER, version));
        }
    }
}
