package dev.agentport.helidon;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * A local OTLP/HTTP endpoint on loopback: accepts {@code POST /v1/traces} (protobuf) and keeps each body, and reads
 * the spans out of them with just enough of the protobuf wire format for the OTLP trace messages.
 */
final class OtlpCollector implements AutoCloseable {

    /** One span as exported: ids in lower-case hex, {@code parentSpanId} empty for a root span. */
    record ExportedSpan(String traceId, String spanId, String parentSpanId, String name, int kind) {
        static final int KIND_INTERNAL = 1;
        static final int KIND_SERVER = 2;
    }

    private final HttpServer server;
    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();

    OtlpCollector() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/traces", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                byte[] body = in.readAllBytes();
                if ("POST".equals(exchange.getRequestMethod())) {
                    bodies.add(body);
                }
            }
            exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Whether any body received so far holds these bytes. */
    boolean received(byte[] bytes) {
        return bodies.stream().anyMatch(body -> indexOf(body, bytes) >= 0);
    }

    /** Waits up to {@code timeout} for a span that matches. */
    Optional<ExportedSpan> await(Predicate<ExportedSpan> wanted, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            Optional<ExportedSpan> found = spans().stream().filter(wanted).findFirst();
            if (found.isPresent()) {
                return found;
            }
            Thread.sleep(20);
        }
        return Optional.empty();
    }

    List<ExportedSpan> spans() {
        List<ExportedSpan> spans = new ArrayList<>();
        for (byte[] body : bodies) {
            for (byte[] resourceSpans : Proto.fields(body, 1)) {
                for (byte[] scopeSpans : Proto.fields(resourceSpans, 2)) {
                    for (byte[] span : Proto.fields(scopeSpans, 2)) {
                        spans.add(new ExportedSpan(hex(Proto.first(span, 1)), hex(Proto.first(span, 2)),
                                hex(Proto.first(span, 4)), new String(Proto.first(span, 5)), (int) Proto.varint(span, 6)));
                    }
                }
            }
        }
        return spans;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The protobuf wire format: varints, fixed 32/64-bit values and length-delimited fields. */
    private static final class Proto {

        /** Every length-delimited value of field {@code number}. */
        static List<byte[]> fields(byte[] message, int number) {
            List<byte[]> values = new ArrayList<>();
            walk(message, (field, value) -> {
                if (field == number && value instanceof byte[] bytes) {
                    values.add(bytes);
                }
            });
            return values;
        }

        static byte[] first(byte[] message, int number) {
            List<byte[]> values = fields(message, number);
            return values.isEmpty() ? new byte[0] : values.getFirst();
        }

        static long varint(byte[] message, int number) {
            long[] found = {0};
            walk(message, (field, value) -> {
                if (field == number && value instanceof Long number64) {
                    found[0] = number64;
                }
            });
            return found[0];
        }

        private interface Visitor {
            void field(int number, Object value);
        }

        private static void walk(byte[] message, Visitor visitor) {
            int[] at = {0};
            while (at[0] < message.length) {
                long tag = readVarint(message, at);
                int number = (int) (tag >>> 3);
                switch ((int) (tag & 7)) {
                    case 0 -> visitor.field(number, readVarint(message, at));
                    case 1 -> at[0] += 8;
                    case 2 -> {
                        int length = (int) readVarint(message, at);
                        byte[] value = java.util.Arrays.copyOfRange(message, at[0], at[0] + length);
                        at[0] += length;
                        visitor.field(number, value);
                    }
                    case 5 -> at[0] += 4;
                    default -> throw new IllegalArgumentException("unknown wire type in tag " + tag);
                }
            }
        }

        private static long readVarint(byte[] message, int[] at) {
            long value = 0;
            for (int shift = 0; ; shift += 7) {
                byte b = message[at[0]++];
                value |= (long) (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
        }
    }
}
