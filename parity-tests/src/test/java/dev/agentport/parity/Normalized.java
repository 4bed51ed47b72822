package dev.agentport.parity;

import dev.agentport.contract.Exchange;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * An answer with what legitimately differs between targets taken out: generated ids, times, each target's own port,
 * and the short list of transport-only headers. Everything else must be identical.
 *
 * @param status  the status
 * @param headers every other header, names lower-cased, sorted
 * @param body    the body with generated ids replaced
 */
record Normalized(int status, Map<String, List<String>> headers, String body) {

    /**
     * Headers that belong to the transport, not the contract: {@code Content-Length} is left out too when one side
     * streams (an event stream, or any body a streaming Lambda sends in chunks). {@code Server} is here because the Functions Framework invoker's Jetty always adds
     * {@code Server: Jetty(...)} and a function cannot remove it (in production Google's front end replaces it).
     */
    static final Set<String> TRANSPORT_HEADERS = Set.of("date", "transfer-encoding", "connection", "keep-alive",
            "server");

    private static final Pattern UUID = Pattern.compile(
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern TRACE_ID = Pattern.compile("\"trace_id\":\"[0-9a-zA-Z_-]+\"");
    private static final Pattern TRACE_IN_MESSAGE = Pattern.compile("trace_id [0-9a-f]{32}");
    /** A2A status times (Daedalus face), and the port each target listens on (its card's URL, its manifest). */
    private static final Pattern TIMESTAMP = Pattern.compile("\"timestamp\":\"[^\"]+\"");
    /** The same inside a JSON string (MCP's get_health answers its JSON as a text block). */
    private static final Pattern ESCAPED_TIMESTAMP = Pattern.compile("\\\\\"timestamp\\\\\":\\\\\"[^\\\\]+\\\\\"");
    /** AgentCore's {@code /ping}: when the status last changed, in Unix seconds, differs with each target's start. */
    private static final Pattern STATUS_TIME = Pattern.compile("\"time_of_last_update\":[0-9]+");
    /**
     * AgentCore's {@code /ping} status: {@code HealthyBusy} while a run of an earlier case is still in flight on one
     * target and not on another. Either value is the contract's (the case checks which are allowed; the face's unit
     * tests check when each is sent), so targets are compared with it taken out.
     */
    private static final Pattern PING_STATUS = Pattern.compile(
            "\\{\"status\":\"(Healthy|HealthyBusy)\",\"time_of_last_update\":");
    /** MCP task times (the tasks extension's {@code createdAt} and {@code lastUpdatedAt}). */
    private static final Pattern TASK_TIME = Pattern.compile("\"(createdAt|lastUpdatedAt)\":\"[^\"]+\"");
    private static final Pattern LOOPBACK_URL = Pattern.compile("http://127\\.0\\.0\\.1:[0-9]+/");
    private static final Pattern PORT = Pattern.compile("\"port\":[0-9]+");

    static Normalized of(Exchange answer, boolean eitherSideStreams) {
        String withoutPing = pingStatus(answer.text());
        String body = ids(withoutPing);
        String withoutPorts = ports(body);
        // A port's digits or the ping status change the length: where the body has either, the body comparison
        // covers it.
        boolean namesPort = !withoutPorts.equals(body) || !withoutPing.equals(answer.text());
        Map<String, List<String>> headers = new TreeMap<>();
        answer.headers().forEach((name, values) -> {
            if (TRANSPORT_HEADERS.contains(name)
                    || ((eitherSideStreams || namesPort) && name.equals("content-length"))) {
                return;
            }
            headers.put(name, values.stream().map(Normalized::ids).toList());
        });
        return new Normalized(answer.status(), headers, withoutPorts);
    }

    private static String ids(String text) {
        String result = UUID.matcher(text).replaceAll("<uuid>");
        result = TRACE_ID.matcher(result).replaceAll("\"trace_id\":\"<trace>\"");
        result = TRACE_IN_MESSAGE.matcher(result).replaceAll("trace_id <trace>");
        result = ESCAPED_TIMESTAMP.matcher(result).replaceAll("\\\\\"timestamp\\\\\":\\\\\"<time>\\\\\"");
        result = STATUS_TIME.matcher(result).replaceAll("\"time_of_last_update\":<time>");
        result = TASK_TIME.matcher(result).replaceAll("\"$1\":\"<time>\"");
        return TIMESTAMP.matcher(result).replaceAll("\"timestamp\":\"<time>\"");
    }

    private static String pingStatus(String text) {
        return PING_STATUS.matcher(text).replaceAll("{\"status\":\"<ping status>\",\"time_of_last_update\":");
    }

    private static String ports(String text) {
        String result = LOOPBACK_URL.matcher(text).replaceAll("http://127.0.0.1:<port>/");
        return PORT.matcher(result).replaceAll("\"port\":<port>");
    }
}
