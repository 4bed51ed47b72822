package dev.agentport.helidon.transport;

import io.helidon.common.socket.SocketOptions;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.WebServerConfig;
import org.junit.jupiter.api.Test;

import java.net.StandardSocketOptions;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConnectionSocketsTest {

    @Test
    void accepted_connections_send_small_writes_at_once_and_keep_helidons_other_defaults() {
        WebServerConfig.Builder builder = WebServer.builder().port(0);
        ConnectionSockets.apply(builder);

        SocketOptions applied = builder.buildPrototype().connectionOptions();
        SocketOptions helidons = SocketOptions.create();

        // the map is what Helidon sets on each socket it accepts
        assertEquals(true, applied.socketOptions().get(StandardSocketOptions.TCP_NODELAY));
        assertEquals(helidons.socketKeepAlive(), applied.socketKeepAlive());
        assertEquals(helidons.socketReuseAddress(), applied.socketReuseAddress());
        assertEquals(helidons.connectTimeout(), applied.connectTimeout());
        assertEquals(helidons.readTimeout(), applied.readTimeout());
    }
}
