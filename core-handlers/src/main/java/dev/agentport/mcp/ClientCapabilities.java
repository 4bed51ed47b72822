package dev.agentport.mcp;

import dev.agentport.session.McpSession;
import dev.agentport.session.McpSessionStore;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The capabilities a client declared, as far as a request shows them: those in its
 * {@code _meta["io.modelcontextprotocol/clientCapabilities"]} (2026-07-28, or any request that sends them), else those
 * its session's {@code initialize} declared. A stateless request of an earlier version that carries none leaves them
 * unknown. Looked up only when a tool asks the client something, so a request that asks nothing costs no store read.
 */
final class ClientCapabilities {

    private final Supplier<Optional<Set<String>>> lookup;
    private Optional<Set<String>> declared;

    private ClientCapabilities(Supplier<Optional<Set<String>>> lookup) {
        this.lookup = lookup;
    }

    static ClientCapabilities of(McpMessage message, McpScope scope, McpSessionStore sessions) {
        JsonNode carried = message.meta().get(McpMessage.META_CLIENT_CAPABILITIES);
        if (carried != null && carried.isObject()) {
            Set<String> names = names(carried);
            return new ClientCapabilities(() -> Optional.of(names));
        }
        if (scope.perRequest()) {
            return new ClientCapabilities(() -> Optional.of(Set.of()));
        }
        if (scope.sessionId() != null) {
            return new ClientCapabilities(() -> sessions.find(scope.sessionId()).map(McpSession::clientCapabilities));
        }
        return new ClientCapabilities(Optional::empty);
    }

    /** Capabilities known already: those a task's {@code tools/call} declared, for the task's later runs. */
    static ClientCapabilities declared(Set<String> names) {
        Set<String> copy = Set.copyOf(names);
        return new ClientCapabilities(() -> Optional.of(copy));
    }

    /** The names of the capabilities in a {@code ClientCapabilities} object. */
    static Set<String> names(JsonNode capabilities) {
        Set<String> names = new LinkedHashSet<>();
        if (capabilities != null && capabilities.isObject()) {
            for (Iterator<String> it = capabilities.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (capabilities.get(name).isObject()) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** Whether the client declared {@code capability}; true as well when its capabilities cannot be known. */
    synchronized boolean allows(String capability) {
        if (declared == null) {
            declared = lookup.get();
        }
        return declared.map(names -> names.contains(capability)).orElse(true);
    }
}
