package dev.agentport.a2arest;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * A path of the binding, read: {@code /message:send}, {@code /message:stream}, {@code /tasks}, {@code /tasks/{id}},
 * {@code /tasks/{id}:cancel}, {@code /tasks/{id}:subscribe}, {@code /tasks/{id}/pushNotificationConfigs[/{configId}]}
 * and {@code /extendedAgentCard}, each also under a {@code /{tenant}} prefix. A path that reads both ways (a task
 * named {@code tasks}) is read without a tenant.
 *
 * @param operation what the path names
 * @param tenant    the tenant prefix, decoded, or {@code null}
 * @param taskId    the task's id, decoded, or {@code null} for paths without one
 */
record RestPath(RestOperation operation, String tenant, String taskId) {

    /** The path's reading, from the raw (still percent-encoded) path; empty when it is not one of the binding's. */
    static Optional<RestPath> parse(String rawPath) {
        if (!rawPath.startsWith("/")) {
            return Optional.empty();
        }
        String[] segments = rawPath.substring(1).split("/", -1);
        Optional<RestPath> bare = bare(segments, null);
        if (bare.isPresent() || segments.length < 2 || segments[0].isEmpty()) {
            return bare;
        }
        String tenant = decode(segments[0]);
        return tenant == null ? Optional.empty() : bare(Arrays.copyOfRange(segments, 1, segments.length), tenant);
    }

    static boolean matches(String rawPath) {
        return parse(rawPath).isPresent();
    }

    private static Optional<RestPath> bare(String[] segments, String tenant) {
        if (segments.length == 1) {
            RestOperation operation = switch (segments[0]) {
                case "message:send" -> RestOperation.SEND;
                case "message:stream" -> RestOperation.STREAM;
                case "tasks" -> RestOperation.LIST_TASKS;
                case "extendedAgentCard" -> RestOperation.EXTENDED_CARD;
                default -> null;
            };
            return operation == null ? Optional.empty() : Optional.of(new RestPath(operation, tenant, null));
        }
        if (!segments[0].equals("tasks") || segments.length > 4) {
            return Optional.empty();
        }
        if (segments.length == 2) {
            return task(segments[1], tenant);
        }
        boolean configs = segments[2].equals("pushNotificationConfigs")
                && (segments.length == 3 || !segments[3].isEmpty());
        String id = decode(segments[1]);
        if (!configs || id == null || id.isEmpty()) {
            return Optional.empty();
        }
        RestOperation operation = segments.length == 3 ? RestOperation.PUSH_CONFIGS : RestOperation.PUSH_CONFIG;
        return Optional.of(new RestPath(operation, tenant, id));
    }

    /** {@code {id}}, {@code {id}:cancel} or {@code {id}:subscribe}; a colon in the id itself comes percent-encoded. */
    private static Optional<RestPath> task(String segment, String tenant) {
        int colon = segment.lastIndexOf(':');
        RestOperation operation = RestOperation.GET_TASK;
        String rawId = segment;
        if (colon >= 0) {
            operation = switch (segment.substring(colon + 1)) {
                case "cancel" -> RestOperation.CANCEL;
                case "subscribe" -> RestOperation.SUBSCRIBE;
                default -> null;
            };
            rawId = segment.substring(0, colon);
        }
        String id = decode(rawId);
        if (operation == null || id == null || id.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new RestPath(operation, tenant, id));
    }

    /** A path segment, percent-decoded ({@code +} stays a plus); {@code null} when its escapes are broken. */
    private static String decode(String segment) {
        try {
            return URLDecoder.decode(segment.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
