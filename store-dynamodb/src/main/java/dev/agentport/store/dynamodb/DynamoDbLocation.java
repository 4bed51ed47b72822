package dev.agentport.store.dynamodb;

import dev.agentport.store.StateStoreSettings;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The table {@code AGENT_STATE_STORE=dynamodb://<table>[?endpoint=http://host:port]} names, and the endpoint to reach
 * it at when it is not AWS's own for the region (DynamoDB Local, a VPC endpoint).
 *
 * @param table    the table's name
 * @param endpoint the endpoint to call instead of the region's, if any
 */
public record DynamoDbLocation(String table, Optional<URI> endpoint) {

    public static final String SCHEME = "dynamodb";
    private static final Pattern TABLE = Pattern.compile("[A-Za-z0-9_.-]{3,255}");

    /** Reads the location; anything that is not a table name and an optional http(s) endpoint names the variable. */
    public static DynamoDbLocation parse(URI location) {
        String table = location.getRawAuthority();
        if (table == null || !TABLE.matcher(table).matches() || !emptyOrRoot(location.getRawPath())) {
            throw invalid("must name a table as dynamodb://<table> (3 to 255 of A-Z a-z 0-9 _ . -)");
        }
        Optional<URI> endpoint = Optional.empty();
        String query = location.getRawQuery();
        if (query != null && !query.isEmpty()) {
            for (String parameter : query.split("&")) {
                int equals = parameter.indexOf('=');
                String name = equals < 0 ? parameter : parameter.substring(0, equals);
                if (!name.equals("endpoint") || equals < 0) {
                    throw invalid("takes only the parameter endpoint, e.g. dynamodb://" + table
                            + "?endpoint=http://localhost:8000");
                }
                endpoint = Optional.of(endpoint(URLDecoder.decode(parameter.substring(equals + 1),
                        StandardCharsets.UTF_8)));
            }
        }
        return new DynamoDbLocation(table, endpoint);
    }

    private static URI endpoint(String value) {
        try {
            URI endpoint = URI.create(value);
            if (("http".equals(endpoint.getScheme()) || "https".equals(endpoint.getScheme()))
                    && endpoint.getHost() != null && endpoint.getRawUserInfo() == null) {
                return endpoint;
            }
        } catch (IllegalArgumentException e) {
            // reported below without echoing the value
        }
        throw invalid("endpoint must be an http or https URL such as http://localhost:8000");
    }

    private static boolean emptyOrRoot(String path) {
        return path == null || path.isEmpty() || path.equals("/");
    }

    private static IllegalArgumentException invalid(String problem) {
        return new IllegalArgumentException(StateStoreSettings.VARIABLE + " " + problem);
    }
}
