package dev.agentport.agentbreeder;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.telemetry.RequestIdentities;

import java.util.regex.Pattern;

/**
 * The outermost filter: refuses a request that asks for another contract version (400), stamps
 * {@code X-Runtime-Contract-Version: 1} on every response (errors and 404s included), echoes {@code X-Request-Id},
 * and turns anything that escaped a handler into an envelope: 503 {@code SERVICE_UNAVAILABLE} for a state store that
 * failed, else 500.
 */
final class ContractHeaders implements Filter {

    static final String VERSION_HEADER = "X-Runtime-Contract-Version";
    static final String VERSION = "1";
    private static final Pattern VERSION_ONE = Pattern.compile("[vV]?1(\\.[0-9]+){0,2}");

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        String asked = request.header(VERSION_HEADER);
        HttpResponse response = asked != null && !isVersionOne(asked.strip())
                ? ErrorEnvelope.of(request, ErrorCode.UNSUPPORTED_CONTRACT_VERSION,
                        "this server implements runtime contract version " + VERSION + ", the request asked for '"
                                + JsonBodies.sanitize(asked.strip()) + "'")
                : next.handle(request);
        return stamp(request, response);
    }

    /** The contract's headers on an answer: the version, and the caller's request id when it is printable. */
    static HttpResponse stamp(HttpRequest request, HttpResponse response) {
        HttpResponse stamped = response.withHeader(VERSION_HEADER, VERSION);
        String requestId = RequestIdentities.callersRequestId(request);
        return requestId == null ? stamped : stamped.withHeader(HttpHeaderNames.X_REQUEST_ID, requestId);
    }

    /**
     * {@code 1}, and the minor revisions of 1 ({@code 1.0}, {@code 1.2}, with or without a leading {@code v}): minor
     * revisions are additive, so a server of version 1 serves them.
     */
    static boolean isVersionOne(String asked) {
        return VERSION_ONE.matcher(asked).matches();
    }
}
