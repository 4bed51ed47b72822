package dev.agentport.mcp;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

import java.net.URI;
import java.util.List;
import java.util.Locale;

/**
 * Guards against DNS rebinding: the {@code Host} and, when sent, the {@code Origin} must name loopback, the host of
 * {@code AGENT_PUBLIC_URL} or a host of {@code AGENT_MCP_ALLOWED_HOSTS} (with or without its port); anything else is
 * 403. A request without {@code Host} has nothing to check.
 */
final class HostCheck implements Filter {

    private final List<String> allowed;
    private final boolean any;

    HostCheck(List<String> allowedHosts, String publicUrl) {
        this.any = allowedHosts.contains("*");
        java.util.ArrayList<String> hosts = new java.util.ArrayList<>(allowedHosts);
        if (publicUrl != null) {
            URI url = URI.create(publicUrl);
            hosts.add(url.getHost().toLowerCase(Locale.ROOT));
            if (url.getPort() > 0) {
                hosts.add(url.getHost().toLowerCase(Locale.ROOT) + ":" + url.getPort());
            }
        }
        this.allowed = List.copyOf(hosts);
    }

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        String host = request.header("Host");
        if (host != null && !any && !allowed(host.strip().toLowerCase(Locale.ROOT))) {
            return McpResponses.error(McpError.ofRequest(403, McpError.INVALID_REQUEST,
                    "this server does not answer for that Host"), null);
        }
        String origin = request.header("Origin");
        if (origin != null && !allowedOrigin(origin.strip().toLowerCase(Locale.ROOT))) {
            return McpResponses.error(McpError.ofRequest(403, McpError.INVALID_REQUEST,
                    "requests from that Origin are not allowed"), null);
        }
        return next.handle(request);
    }

    private boolean allowedOrigin(String origin) {
        try {
            URI uri = new URI(origin);
            if (uri.getHost() == null) {
                return false;
            }
            String host = uri.getPort() > 0 ? uri.getHost() + ":" + uri.getPort() : uri.getHost();
            return any || allowed(host);
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    /** {@code hostAndPort} as a Host header has it: {@code name}, {@code name:port}, {@code [v6]:port}. */
    private boolean allowed(String hostAndPort) {
        String name = nameOf(hostAndPort);
        return isLoopback(name) || allowed.contains(hostAndPort) || allowed.contains(name);
    }

    private static String nameOf(String hostAndPort) {
        if (hostAndPort.startsWith("[")) {
            int end = hostAndPort.indexOf(']');
            return end < 0 ? hostAndPort : hostAndPort.substring(0, end + 1);
        }
        int colon = hostAndPort.indexOf(':');
        return colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
    }

    static boolean isLoopback(String name) {
        return name.equals("localhost") || name.equals("[::1]") || name.equals("::1") || isLoopbackV4(name);
    }

    /**
     * Whether {@code name} is {@code 127.} and three more groups of one to three ASCII digits, dot-separated: what
     * {@code 127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}} matches, without a regular expression on every request.
     */
    private static boolean isLoopbackV4(String name) {
        if (!name.startsWith("127.")) {
            return false;
        }
        int groups = 0;
        int digits = 0;
        for (int i = "127.".length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= '0' && c <= '9' && digits < 3) {
                digits++;
            } else if (c == '.' && digits > 0 && groups < 2) {
                groups++;
                digits = 0;
            } else {
                return false;
            }
        }
        return groups == 2 && digits > 0;
    }
}
