package dev.agentport.lambdalocal;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A local Lambda Runtime API on 127.0.0.1: the server that {@code AWS_LAMBDA_RUNTIME_API} points at. It is a small
 * HTTP/1.1 server of its own (one virtual thread per connection, keep-alive) because the streaming response protocol
 * reports mid-stream errors in chunked-request trailers, which Helidon's and the JDK's servers reject or drop.
 * The endpoints themselves are in {@link RuntimeApiRoutes}.
 */
public final class RuntimeApiServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RuntimeApiServer.class);

    private final RuntimeApiRoutes routes;
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private ServerSocket listener;
    private volatile boolean running;

    public RuntimeApiServer(RuntimeApiRoutes routes) {
        this.routes = routes;
    }

    /** Binds to a free port on 127.0.0.1 and starts accepting. */
    public RuntimeApiServer start() throws IOException {
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        running = true;
        Thread.ofVirtual().name("runtime-api-accept").start(this::acceptLoop);
        return this;
    }

    /** {@code host:port}, the value for {@code AWS_LAMBDA_RUNTIME_API}. */
    public String address() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    /**
     * Closes every open connection, e.g. because the runtime process died: a {@code /next} call still waiting
     * for that process then stops, and cannot swallow an invocation meant for the next process.
     */
    public void dropConnections() {
        connections.forEach(RuntimeApiServer::closeQuietly);
    }

    @Override
    public void close() {
        running = false;
        closeQuietly(listener);
        dropConnections();
    }

    private void acceptLoop() {
        while (running) {
            try {
                Socket socket = listener.accept();
                connections.add(socket);
                Thread.ofVirtual().name("runtime-api-connection").start(() -> serve(socket));
            } catch (IOException e) {
                if (running) {
                    LOG.warn("Runtime API accept failed", e);
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            BufferedInputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = new BufferedOutputStream(socket.getOutputStream());
            boolean keepAlive = true;
            while (keepAlive && running) {
                Optional<WireRequest> request = WireRequest.read(in);
                if (request.isEmpty()) {
                    return;
                }
                keepAlive = request.get().keepAlive();
                routes.handle(request.get(), new RuntimeApiRoutes.Exchange(out, keepAlive,
                        () -> socket.isClosed() || peerClosed(socket, in)));
                request.get().body().transferTo(OutputStream.nullOutputStream());
            }
        } catch (WireRequest.MalformedRequestException e) {
            LOG.warn("Runtime API: malformed request: " + e.getMessage());
            try {
                WireResponse.error(400, "Bad Request", "InvalidRequest", e.getMessage())
                        .writeTo(socket.getOutputStream(), false);
            } catch (IOException ignored) {
                // the runtime is gone
            }
        } catch (SocketException e) {
            // closed by the runtime or by dropConnections()
        } catch (IOException e) {
            LOG.debug("Runtime API connection ended", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            connections.remove(socket);
        }
    }

    /**
     * True when the runtime closed its end while waiting in {@code /next}: a 1 ms read sees the end of the stream.
     * A runtime waiting for its event sends nothing, so nothing is consumed; a byte that did arrive is put back.
     */
    private static boolean peerClosed(Socket socket, BufferedInputStream in) {
        try {
            socket.setSoTimeout(1);
            in.mark(1);
            if (in.read() == -1) {
                return true;
            }
            in.reset();
            return false;
        } catch (SocketTimeoutException stillThere) {
            return false;
        } catch (IOException broken) {
            return true;
        } finally {
            try {
                socket.setSoTimeout(0);
            } catch (SocketException ignored) {
                // closed meanwhile
            }
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            if (closeable != null) {
                closeable.close();
            }
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
