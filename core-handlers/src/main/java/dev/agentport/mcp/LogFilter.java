package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * 2026-07-28: log messages ({@code notifications/message}) go only to a request that set
 * {@code _meta["io.modelcontextprotocol/logLevel"]}, and only at or above that level; a message without a known level
 * is not sent. Other notifications, and every notification of the earlier revisions, pass unchanged.
 */
final class LogFilter implements Consumer<ObjectNode> {

    private static final String LOG_MESSAGE = "notifications/message";

    private final LogLevel threshold;
    private final Consumer<ObjectNode> next;

    private LogFilter(LogLevel threshold, Consumer<ObjectNode> next) {
        this.threshold = threshold;
        this.next = next;
    }

    static Consumer<ObjectNode> around(Consumer<ObjectNode> next, McpMessage message, McpScope scope) {
        if (!scope.perRequest()) {
            return next;
        }
        LogLevel threshold = LogLevel.of(message.meta().path(RequestMeta.LOG_LEVEL).asText(null)).orElse(null);
        return new LogFilter(threshold, next);
    }

    @Override
    public void accept(ObjectNode notification) {
        if (LOG_MESSAGE.equals(notification.path("method").asText()) && !wanted(notification)) {
            return;
        }
        next.accept(notification);
    }

    private boolean wanted(ObjectNode notification) {
        Optional<LogLevel> level = LogLevel.of(notification.at("/params/level").asText(null));
        return threshold != null && level.isPresent() && level.get().compareTo(threshold) >= 0;
    }
}
