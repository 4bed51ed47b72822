package dev.agentport.store.dynamodb;

import dev.agentport.a2a.A2aTask;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Where a task stands in a listing: the index items' sort key, {@code <inverted status time in milliseconds, 19
 * digits>#<task id>}, so that a Query in key order gives the newest status first, ties by id; and the page tokens,
 * which carry the last key a page showed, opaque to clients and checked when they come back.
 */
final class TaskListing {

    /** The partition indexing every task, for listings without a context. */
    static final String ALL = "tasks";
    private static final String TOKEN_PREFIX = "t1:";
    private static final Pattern ORDER_KEY = Pattern.compile("\\d{19}#.+", Pattern.DOTALL);

    private TaskListing() {
    }

    static String contextKey(String contextId) {
        return "ctx#" + contextId;
    }

    static String orderKey(A2aTask task) {
        return String.format("%019d", Long.MAX_VALUE - task.status().timestamp().toEpochMilli()) + "#" + task.id();
    }

    static String token(String orderKey) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString((TOKEN_PREFIX + orderKey).getBytes(StandardCharsets.UTF_8));
    }

    /** The order key a token names; {@link IllegalArgumentException} for a token this store did not issue. */
    static String orderKey(String token) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (raw.startsWith(TOKEN_PREFIX) && ORDER_KEY.matcher(raw.substring(TOKEN_PREFIX.length())).matches()) {
                return raw.substring(TOKEN_PREFIX.length());
            }
        } catch (IllegalArgumentException e) {
            // not base64: reported below
        }
        throw new IllegalArgumentException("pageToken is not a token this server issued");
    }
}
