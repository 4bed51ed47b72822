package dev.agentport.store.redis;

import dev.agentport.store.StateStoreSettings;

import java.net.URI;

/**
 * A Redis server named by {@code AGENT_STATE_STORE}: {@code redis://[user@]host[:port][/db]}, or {@code rediss://}
 * for TLS. The password never appears here: it comes from {@code AGENT_STATE_STORE_PASSWORD}.
 *
 * @param host     the server's host name or address
 * @param port     its port (6379 when the URI names none)
 * @param database the logical database, 0 to 15 on a default server (0 when the URI names none)
 * @param tls      whether to connect over TLS ({@code rediss})
 * @param user     the ACL user name, or {@code null} for the default user
 */
record RedisLocation(String host, int port, int database, boolean tls, String user) {

    static final int DEFAULT_PORT = 6379;

    static RedisLocation parse(URI location) {
        String scheme = location.getScheme();
        if (!"redis".equals(scheme) && !"rediss".equals(scheme)) {
            throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " must be a redis:// or rediss:// URI");
        }
        String host = location.getHost();
        if (host == null || host.isEmpty()) {
            throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " must name a host, as in redis://host:6379");
        }
        return new RedisLocation(host, location.getPort() == -1 ? DEFAULT_PORT : location.getPort(),
                database(location.getPath()), "rediss".equals(scheme), location.getUserInfo());
    }

    private static int database(String path) {
        if (path == null || path.isEmpty() || path.equals("/")) {
            return 0;
        }
        try {
            int database = Integer.parseInt(path.substring(1));
            if (database >= 0) {
                return database;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw new IllegalArgumentException(StateStoreSettings.VARIABLE
                + " may end in /<database number>, as in redis://host:6379/2; nothing else");
    }

    /** The location as logged and named in errors: scheme, host, port and database, never a credential. */
    @Override
    public String toString() {
        return (tls ? "rediss" : "redis") + "://" + host + ":" + port + "/" + database;
    }
}
