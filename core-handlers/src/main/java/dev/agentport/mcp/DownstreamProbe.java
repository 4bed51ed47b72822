package dev.agentport.mcp;

import java.net.URI;
import java.time.Duration;

/**
 * Checks that a downstream MCP server answers: an {@code initialize} handshake ({@code Accept: application/json,
 * text/event-stream}), then {@code DELETE} of the session it opened, if any, so that no state is left behind. The face
 * finds an implementation through {@link java.util.ServiceLoader} (the Helidon server's uses Helidon WebClient), else
 * uses the JDK's HTTP client.
 */
public interface DownstreamProbe {

    /** What one probe found. */
    record Outcome(boolean reachable, String problem) {

        public static Outcome ok() {
            return new Outcome(true, null);
        }

        public static Outcome unreachable(String problem) {
            return new Outcome(false, problem);
        }
    }

    /** Probes {@code url}, giving up after {@code timeout}. Never throws. */
    Outcome probe(URI url, Duration timeout);

    /** The {@code initialize} request a probe sends. */
    static String initializeRequest() {
        return "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + ProtocolVersions.V2025_11_25 + "\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"agentport-health\",\"version\":\"1\"}}}";
    }

    /** Whether a 2xx answer's body holds an {@code initialize} result (as JSON or in an event stream). */
    static boolean isInitializeResult(String body) {
        return body.contains("\"result\"") && body.contains("\"protocolVersion\"");
    }
}
