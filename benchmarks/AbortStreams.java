import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Opens streams on the server and drops each connection once its first event has arrived, cycling through the
 * streaming forms: AgentBreeder /stream, Daedalus POST / with Accept: text/event-stream, A2A JSON-RPC message/stream
 * and MCP tools/call with a progress token. Used by benchmarks/streams-abort.sh.
 *
 * <p>Usage: {@code java benchmarks/AbortStreams.java PORT COUNT [CONCURRENCY]}; prints "aborted N", "failed N".
 */
public final class AbortStreams {

    private static final String WORDS = "word ".repeat(100).strip();

    record Form(String name, String path, String accept, String body) {
    }

    private static final List<Form> FORMS = List.of(
            new Form("agentbreeder", "/stream", "text/event-stream", "{\"input\":\"" + WORDS + "\"}"),
            new Form("daedalus", "/", "text/event-stream", "{\"message\":{\"messageId\":\"m\",\"role\":\"user\","
                    + "\"parts\":[{\"text\":\"" + WORDS + "\"}]}}"),
            new Form("a2a-jsonrpc", "/", "text/event-stream", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                    + "\"message/stream\",\"params\":{\"message\":{\"kind\":\"message\",\"messageId\":\"m\","
                    + "\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"" + WORDS + "\"}]}}}"),
            new Form("mcp", "/mcp", "application/json, text/event-stream", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":"
                    + "\"tools/call\",\"params\":{\"name\":\"send_message\",\"arguments\":{\"message\":\"" + WORDS
                    + "\"},\"_meta\":{\"progressToken\":\"p\"}}}"));

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        int concurrency = args.length > 2 ? Integer.parseInt(args[2]) : 64;
        Semaphore slots = new Semaphore(concurrency);
        AtomicInteger aborted = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Thread[] threads = new Thread[count];
        for (int i = 0; i < count; i++) {
            Form form = FORMS.get(i % FORMS.size());
            slots.acquire();
            threads[i] = Thread.ofVirtual().start(() -> {
                try {
                    if (openAndDrop(port, form)) {
                        aborted.incrementAndGet();
                    } else {
                        failed.incrementAndGet();
                    }
                } catch (IOException e) {
                    failed.incrementAndGet();
                } finally {
                    slots.release();
                }
            });
        }
        for (Thread thread : threads) {
            thread.join();
        }
        System.out.println("aborted " + aborted.get());
        System.out.println("failed " + failed.get());
    }

    /** True when the answer was 200 and its first event arrived before the connection was dropped. */
    private static boolean openAndDrop(int port, Form form) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            byte[] body = form.body().getBytes(StandardCharsets.UTF_8);
            String head = "POST " + form.path() + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Accept: " + form.accept() + "\r\nContent-Length: " + body.length + "\r\n\r\n";
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder seen = new StringBuilder();
            while (!seen.toString().contains("data:")) {
                int next = in.read();
                if (next < 0) {
                    return false;
                }
                seen.append((char) next);
            }
            socket.setSoLinger(true, 0); // drop it as a client that goes away does: a reset, no goodbye
            return seen.toString().startsWith("HTTP/1.1 200");
        }
    }
}
