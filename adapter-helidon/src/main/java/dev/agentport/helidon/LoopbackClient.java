package dev.agentport.helidon;

import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The training run's client: HTTP/1.1 to the server on loopback over one keep-alive connection, as a load balancer or
 * a benchmark's client talks to it. Each answer is read to its end (a stream's too, so its run happens meanwhile); its
 * status and headers are returned, the body is not kept. Not thread-safe: one per client thread.
 */
final class LoopbackClient implements AutoCloseable {

    private static final int TIMEOUT_MILLIS = 30_000;

    private final int port;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    LoopbackClient(int port) {
        this.port = port;
    }

    /** Sends {@code request} and reads its whole answer; reconnects when the server closed the connection. */
    HttpResponse send(HttpRequest request) {
        try {
            if (socket == null) {
                connect();
            }
            out.write(head(request));
            out.write(request.body());
            out.flush();
            HttpResponse answer = readAnswer();
            if ("close".equalsIgnoreCase(answer.header("Connection"))) {
                close();
            }
            return answer;
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("the training request " + request.method() + " " + request.path()
                    + " failed", e);
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a loopback socket that is gone already
            }
            socket = null;
        }
    }

    private void connect() throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    private static byte[] head(HttpRequest request) {
        StringBuilder head = new StringBuilder(request.method()).append(' ').append(request.path());
        if (!request.rawQuery().isEmpty()) {
            head.append('?').append(request.rawQuery());
        }
        head.append(" HTTP/1.1\r\n");
        if (request.headers().first("Host").isEmpty()) {
            head.append("Host: localhost\r\n");
        }
        request.headers().forEach((name, values) -> values.forEach(value ->
                head.append(name).append(": ").append(value).append("\r\n")));
        head.append("Content-Length: ").append(request.body().length).append("\r\n\r\n");
        return head.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The status line and headers, then the body by its length, its chunks, or to the end of the connection. */
    private HttpResponse readAnswer() throws IOException {
        String status = readLine();
        if (!status.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP answer: " + status);
        }
        HttpResponse.Builder answer = HttpResponse.builder(Integer.parseInt(status.split(" ")[1]));
        long length = -1;
        boolean chunked = false;
        for (String line = readLine(); !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                String name = line.substring(0, colon).strip();
                String value = line.substring(colon + 1).strip();
                answer.header(name, value);
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = Long.parseLong(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.equalsIgnoreCase("chunked")) {
                    chunked = true;
                }
            }
        }
        if (chunked) {
            skipChunks();
        } else if (length >= 0) {
            skip(length);
        } else {
            in.transferTo(OutputStream.nullOutputStream());
            close();
        }
        return answer.build();
    }

    private void skipChunks() throws IOException {
        for (long size = chunkSize(readLine()); size > 0; size = chunkSize(readLine())) {
            skip(size);
            readLine();
        }
        while (!readLine().isEmpty()) {
            // trailer fields, none expected
        }
    }

    private static long chunkSize(String line) {
        int extension = line.indexOf(';');
        return Long.parseLong((extension < 0 ? line : line.substring(0, extension)).strip(), 16);
    }

    private void skip(long bytes) throws IOException {
        in.skipNBytes(bytes);
    }

    /** One line of the head, without its CRLF. */
    private String readLine() throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the connection closed in the middle of an answer");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
