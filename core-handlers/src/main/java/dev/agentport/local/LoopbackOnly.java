package dev.agentport.local;

import dev.agentport.http.Filter;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The local adapter answers the user's own machine only: a request from a non-loopback address, one that came through
 * a proxy (it carries a forwarding header), or one that names another host (a page that rebound a DNS name to
 * loopback) is refused with 403.
 */
final class LoopbackOnly implements Filter {

    /** Headers a proxy adds: their presence means the caller may be anywhere. */
    static final List<String> FORWARDING_HEADERS = List.of("Forwarded", "X-Forwarded-For", "X-Forwarded-Host",
            "X-Forwarded-Proto", "X-Forwarded-Port", "X-Real-IP", "X-Client-IP", "Via");

    private static final Pattern IPV4 = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    private static final Pattern IPV6 = Pattern.compile("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*");
    private static final Pattern HOST_WITH_PORT = Pattern.compile("(\\[[^]]*]|[^:]*)(:[0-9]{1,5})?");

    @Override
    public HttpResponse filter(HttpRequest request, Handler next) {
        if (!isLoopbackAddress(request.remoteAddress())) {
            return LocalAnswers.failure(403, "the local adapter answers requests from this machine (loopback) only");
        }
        for (String header : FORWARDING_HEADERS) {
            if (request.header(header) != null) {
                return LocalAnswers.failure(403, "the local adapter does not answer requests through a proxy ("
                        + header + " is set)");
            }
        }
        String host = request.header("Host");
        if (host != null && !isLoopbackHost(host)) {
            return LocalAnswers.failure(403, "the local adapter answers requests for localhost or a loopback address "
                    + "only");
        }
        return next.handle(request);
    }

    /** Whether {@code address} is an IP literal of a loopback address; names are never looked up. */
    static boolean isLoopbackAddress(String address) {
        if (address == null) {
            return false;
        }
        String literal = address.strip();
        if (literal.startsWith("[") && literal.endsWith("]")) {
            literal = literal.substring(1, literal.length() - 1);
        }
        if (IPV4.matcher(literal).matches()) {
            String[] octets = literal.split("\\.");
            for (String octet : octets) {
                if (Integer.parseInt(octet) > 255) {
                    return false;
                }
            }
            return octets[0].equals("127");
        }
        if (!IPV6.matcher(literal).matches()) {
            return false;
        }
        try {
            // a literal with a colon is parsed as IPv6, never looked up
            return InetAddress.getByName(literal).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    static boolean isLoopbackHost(String hostHeader) {
        var matcher = HOST_WITH_PORT.matcher(hostHeader.strip());
        if (!matcher.matches()) {
            return false;
        }
        String host = matcher.group(1).toLowerCase(Locale.ROOT);
        return host.equals("localhost") || host.endsWith(".localhost") || isLoopbackAddress(host);
    }
}
