package dev.agentport.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Bodies broken in every way a one-pass reader must refuse as the tree reader did: for the tests that compare the two
 * readings of a face's body ({@code RpcRequestReadingTest}, {@code InvokeBodyReadingTest},
 * {@code MessageBodyReadingTest}).
 */
public final class BrokenBodies {

    private static final byte[] BAD_BYTES = {(byte) 0xff, (byte) 0xc3, (byte) 0x80, 0x01, 0};
    private static final byte[] ALPHABET = "{}[]\":,\\ 01aex-.nt".getBytes(StandardCharsets.US_ASCII);
    private static final int MUTATIONS = 20_000;

    private BrokenBodies() {
    }

    /** Values at or beyond the parser's limits: nested too deep, numbers too long, a long string. */
    public static List<String> beyondTheParserLimits() {
        String deep = "[".repeat(70) + "]".repeat(70);
        String digits = "1".repeat(150);
        return List.of(deep, digits, "-" + digits, "1." + digits, "\"" + "a".repeat(300) + "\"",
                "{\"a\":" + deep + "}");
    }

    /** {@code body} with each of its bytes in turn replaced by an invalid or control byte. */
    public static void withInvalidUtf8Anywhere(String body, Consumer<byte[]> check) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        for (int at = 0; at < bytes.length; at++) {
            for (byte bad : BAD_BYTES) {
                byte[] changed = bytes.clone();
                changed[at] = bad;
                check.accept(changed);
            }
        }
    }

    /**
     * Every cut of each of {@code seeds} (its first 0 to all bytes), then 20,000 of them with one to three bytes
     * inserted, removed or changed, drawn from a fixed seed so that a failure repeats.
     */
    public static void cutsAndMutations(Consumer<byte[]> check, String... seeds) {
        byte[][] bodies = Arrays.stream(seeds).map(seed -> seed.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
        for (byte[] seed : bodies) {
            for (int length = 0; length <= seed.length; length++) {
                check.accept(Arrays.copyOf(seed, length));
            }
        }
        Random random = new Random(14);
        for (int round = 0; round < MUTATIONS; round++) {
            byte[] body = bodies[random.nextInt(bodies.length)];
            for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                body = mutate(body, random);
            }
            check.accept(body);
        }
    }

    private static byte[] mutate(byte[] body, Random random) {
        int at = random.nextInt(body.length + 1);
        byte inserted = ALPHABET[random.nextInt(ALPHABET.length)];
        return switch (random.nextInt(3)) {
            case 0 -> {
                byte[] longer = new byte[body.length + 1];
                System.arraycopy(body, 0, longer, 0, at);
                longer[at] = inserted;
                System.arraycopy(body, at, longer, at + 1, body.length - at);
                yield longer;
            }
            case 1 -> {
                if (at == body.length) {
                    yield body;
                }
                byte[] shorter = new byte[body.length - 1];
                System.arraycopy(body, 0, shorter, 0, at);
                System.arraycopy(body, at + 1, shorter, at, body.length - at - 1);
                yield shorter;
            }
            default -> {
                byte[] changed = body.clone();
                if (at < changed.length) {
                    changed[at] = inserted;
                }
                yield changed;
            }
        };
    }
}
