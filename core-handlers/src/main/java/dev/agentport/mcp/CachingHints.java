package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * 2026-07-28: the caching hints ({@code ttlMs}, {@code cacheScope}) of the face's cacheable results, {@code tools/list}
 * and {@code server/discover}. Both are the same for every caller and fixed while the server runs, so any cache may
 * keep them; five minutes bounds how long a client keeps a list that changed with a new deployment.
 */
final class CachingHints {

    static final long TTL_MS = 300_000;
    static final String SCOPE = "public";

    private CachingHints() {
    }

    static ObjectNode add(ObjectNode result) {
        return result.put("ttlMs", TTL_MS).put("cacheScope", SCOPE);
    }
}
