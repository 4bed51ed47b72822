package dev.agentport.helidon.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;

/** A client on a plain socket, for tests that need the bytes of a connection: half-sent requests, HTTP/1.0, closes. */
public final class RawConnection implements AutoCloseable {

    private final Socket socket;

    private RawConnection(Socket socket) {
        this.socket = socket;
    }

    public static RawConnection open(int port) throws IOException {
        return new RawConnection(new Socket("127.0.0.1", port));
    }

    public void send(String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    public void sendBytes(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
    }

    /** Closes the sending side: the server reads the end of the stream. */
    public void stopSending() throws IOException {
        socket.shutdownOutput();
    }

    /** Everything until the server closes the connection, which must happen within {@code within}. */
    public String readUntilClosed(Duration within) throws IOException {
        long deadline = System.nanoTime() + within.toNanos();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            socket.setSoTimeout((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            int n;
            try {
                n = in.read(buffer);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the connection was still open after " + within + ": " + all, e);
            } catch (SocketException reset) {
                return all.toString(StandardCharsets.UTF_8);
            }
            if (n < 0) {
                return all.toString(StandardCharsets.UTF_8);
            }
            all.write(buffer, 0, n);
        }
    }

    /** One response with a Content-Length body (none counts as 0), head and body as text. */
    public String readResponse() throws IOException {
        socket.setSoTimeout(5_000);
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new AssertionError("closed before the end of the headers: " + head);
            }
            head.write(b);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int length = 0;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring("content-length:".length()).strip());
            }
        }
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new AssertionError("closed after " + body.length + " of " + length + " body bytes: " + text);
        }
        return text + new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
