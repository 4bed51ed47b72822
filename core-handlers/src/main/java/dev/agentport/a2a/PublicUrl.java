package dev.agentport.a2a;

import dev.agentport.http.HttpRequest;

import java.util.regex.Pattern;

/**
 * The base URL callers reach this server at: the configured public URL, else {@code http://} and the request's
 * {@code Host} header, else {@code http://localhost/}. Always ends with {@code /}.
 */
public final class PublicUrl {

    /** A host name or address with an optional port; anything else in {@code Host} is not trusted. */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.\\-]{1,253}(:[0-9]{1,5})?|\\[[0-9A-Fa-f:.]{2,45}](:[0-9]{1,5})?");

    private PublicUrl() {
    }

    public static String of(HttpRequest request, String configured) {
        if (configured != null && !configured.isBlank()) {
            return configured.endsWith("/") ? configured : configured + "/";
        }
        return "http://" + host(request) + "/";
    }

    /** The port in the request's {@code Host} header, or {@code fallback}. */
    public static int port(HttpRequest request, int fallback) {
        String host = host(request);
        int colon = host.lastIndexOf(':');
        if (colon < 0 || host.endsWith("]")) {
            return fallback;
        }
        int port = Integer.parseInt(host.substring(colon + 1));
        return port >= 1 && port <= 65535 ? port : fallback;
    }

    private static String host(HttpRequest request) {
        String host = request.header("Host");
        return host != null && HOST.matcher(host.strip()).matches() ? host.strip() : "localhost";
    }
}
