package dev.agentport.helidon.bench;

import dev.agentport.helidon.AgentPortServer;
import dev.agentport.runtime.RuntimeConfig;
import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's ceiling is only honest while the bare handler sends what the real /invoke sends. */
class BareHelidonServerTest {

    static final String INVOKE = "POST /invoke HTTP/1.1\r\n"
            + "Host: 127.0.0.1\r\n"
            + "Content-Type: application/json\r\n"
            + "Content-Length: 17\r\n"
            + "\r\n"
            + "{\"input\":\"hello\"}";

    private static final Pattern CONTENT_LENGTH =
            Pattern.compile("\r\nContent-Length: (\\d+)\r\n", Pattern.CASE_INSENSITIVE);

    private static final String UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    @Test
    void bareHandlerAnswersWithTheBytesOfTheDefaultAgentsFirstInvoke() throws Exception {
        AgentPortServer real = AgentPortServer.builder().config(RuntimeConfig.defaults().withPort(0)).build().start()
                .awaitLoaded(java.time.Duration.ofSeconds(30));
        BareHelidonServer bare = BareHelidonServer.start(0);
        try {
            assertTrue(real.core().lifecycle().awaitSettled(10, TimeUnit.SECONDS), "the default agent loads");
            String expected = normalised(exchange(real.port()));
            assertTrue(expected.startsWith("HTTP/1.1 200 OK\r\n"), expected);
            assertEquals(expected, normalised(exchange(bare.port())));
        } finally {
            bare.stop();
            real.stop();
        }
    }

    /** The raw response bytes, as text, to one keep-alive {@code POST /invoke}, as wrk sends it. */
    static String exchange(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(INVOKE.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            Matcher length = CONTENT_LENGTH.matcher(head);
            assertTrue(length.find(), head);
            byte[] body = in.readNBytes(Integer.parseInt(length.group(1)));
            return head + new String(body, StandardCharsets.UTF_8);
        }
    }

    /** Status line and headers, up to and including the blank line. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new EOFException("connection closed inside the response head: " + head);
            }
            head.append((char) b);
        }
        return head.toString();
    }

    /** The date and the generated session id are the only parts allowed to differ. */
    static String normalised(String response) {
        return response.replaceAll("\r\nDate: [^\r]*\r\n", "\r\nDate: -\r\n")
                .replaceAll(UUID, BareHelidonServer.SESSION_ID);
    }
}
