package dev.agentport.helidon.transport;

import io.helidon.common.buffers.BufferData;
import io.helidon.common.buffers.DataReader;
import io.helidon.common.socket.HelidonSocket;
import io.helidon.common.socket.PeerInfo;
import io.helidon.webserver.ConnectionContext;
import io.helidon.webserver.ListenerContext;
import io.helidon.webserver.ProxyProtocolData;
import io.helidon.webserver.Router;
import io.helidon.webserver.http1.Http1Config;
import io.helidon.webserver.http1.Http1ConnectionSelector;
import io.helidon.webserver.spi.ServerConnection;
import io.helidon.webserver.spi.ServerConnectionSelector;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * Serves HTTP/1.0 clients ({@code curl -0}, old proxies), which Helidon 4's HTTP/1 parser refuses with 505: a
 * connection whose first request line ends in {@code HTTP/1.0} is handed to Helidon's own HTTP/1.1 connection
 * through {@link Http10Requests}, so routing, limits and every other rule stay Helidon's.
 */
final class Http10ConnectionSelector implements ServerConnectionSelector {

    private static final String HTTP_1_0 = " HTTP/1.0\r";

    private final Http1ConnectionSelector http1;

    /** HTTP/1.0 has no {@code Host} header requirement, so it is not asked for. */
    Http10ConnectionSelector(Http1Config config) {
        this.http1 = Http1ConnectionSelector.builder()
                .config(Http1Config.builder().from(config).validateRequestHostHeader(false).build())
                .build();
    }

    @Override
    public int bytesToIdentifyConnection() {
        return 0;
    }

    @Override
    public Support supports(BufferData data) {
        int lf = data.indexOf((byte) '\n');
        if (lf == -1) {
            return Support.UNKNOWN;
        }
        return data.readString(lf, StandardCharsets.US_ASCII).endsWith(HTTP_1_0) ? Support.SUPPORTED
                : Support.UNSUPPORTED;
    }

    @Override
    public Set<String> supportedApplicationProtocols() {
        return Set.of();
    }

    @Override
    public ServerConnection connection(ConnectionContext ctx) {
        return http1.connection(new Rewritten(ctx, DataReader.create(new Http10Requests(ctx.dataReader()))));
    }

    /** The connection as Helidon sees it, reading the rewritten bytes. */
    private record Rewritten(ConnectionContext ctx, DataReader reader) implements ConnectionContext {

        @Override
        public DataReader dataReader() {
            return reader;
        }

        @Override
        public ListenerContext listenerContext() {
            return ctx.listenerContext();
        }

        @Override
        public ExecutorService executor() {
            return ctx.executor();
        }

        @Override
        public io.helidon.common.buffers.DataWriter dataWriter() {
            return ctx.dataWriter();
        }

        @Override
        public Router router() {
            return ctx.router();
        }

        @Override
        public Optional<ProxyProtocolData> proxyProtocolData() {
            return ctx.proxyProtocolData();
        }

        @Override
        public HelidonSocket serverSocket() {
            return ctx.serverSocket();
        }

        @Override
        public PeerInfo remotePeer() {
            return ctx.remotePeer();
        }

        @Override
        public PeerInfo localPeer() {
            return ctx.localPeer();
        }

        @Override
        public boolean isSecure() {
            return ctx.isSecure();
        }

        @Override
        public String socketId() {
            return ctx.socketId();
        }

        @Override
        public String childSocketId() {
            return ctx.childSocketId();
        }
    }
}
