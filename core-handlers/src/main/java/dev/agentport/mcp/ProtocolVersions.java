package dev.agentport.mcp;

import java.util.List;
import java.util.Set;

/**
 * The protocol versions served. The first three are negotiated with {@code initialize}; 2026-07-28 has no
 * {@code initialize}: each request names it in {@code _meta}.
 */
public final class ProtocolVersions {

    public static final String V2025_03_26 = "2025-03-26";
    public static final String V2025_06_18 = "2025-06-18";
    public static final String V2025_11_25 = "2025-11-25";
    public static final String V2026_07_28 = "2026-07-28";

    /** Versions negotiated with {@code initialize}, oldest first. */
    public static final List<String> NEGOTIATED = List.of(V2025_03_26, V2025_06_18, V2025_11_25);
    /** Versions named per request in {@code _meta}. */
    public static final List<String> PER_REQUEST = List.of(V2026_07_28);
    public static final List<String> ALL = List.of(V2025_03_26, V2025_06_18, V2025_11_25, V2026_07_28);

    /** Methods of the negotiated versions that 2026-07-28 removed: there they are unknown methods. */
    public static final Set<String> REMOVED_IN_2026_07_28 = Set.of("initialize", "ping", "logging/setLevel",
            "resources/subscribe", "resources/unsubscribe");

    /** What a request without {@code MCP-Protocol-Version} and without a session speaks, as the spec says. */
    public static final String ASSUMED = V2025_03_26;

    private ProtocolVersions() {
    }

    /** The version {@code initialize} agrees on: the client's when served, else the latest negotiated one. */
    public static String negotiate(String requested) {
        return NEGOTIATED.contains(requested) ? requested : NEGOTIATED.get(NEGOTIATED.size() - 1);
    }

    /** Whether input errors of a tool are tool results ({@code isError}) rather than JSON-RPC errors (SEP-1303). */
    static boolean inputErrorsAreToolResults(String version) {
        return version.compareTo(V2025_11_25) >= 0;
    }
}
