package dev.agentport.a2a;

import dev.agentport.http.HttpRequest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** The A2A service parameter {@code A2A-Version}, sent as a header or, failing that, as a query parameter. */
public final class VersionParameter {

    public static final String NAME = "A2A-Version";

    private VersionParameter() {
    }

    /** The value the request sends, stripped; {@code null} when it sends none. */
    public static String of(HttpRequest request) {
        String value = request.header(NAME);
        if (value == null) {
            value = query(request.rawQuery());
        }
        return value == null ? null : value.strip();
    }

    private static String query(String rawQuery) {
        for (String pair : rawQuery.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equalsIgnoreCase(NAME)) {
                try {
                    return URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
                } catch (IllegalArgumentException e) {
                    return pair.substring(equals + 1);
                }
            }
        }
        return null;
    }
}
