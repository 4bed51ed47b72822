package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PreludeSplitterTest {

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void eightNulBytesEndThePreludeAndWhatFollowsStartsTheBody() throws Exception {
        Optional<PreludeSplitter.Split> split = new PreludeSplitter().feed(bytes("{\"statusCode\":200}\0\0\0\0\0\0\0\0data"));
        assertTrue(split.isPresent());
        assertEquals("{\"statusCode\":200}", new String(split.get().prelude(), StandardCharsets.ISO_8859_1));
        assertArrayEquals(bytes("data"), split.get().bodyStart());
    }

    @Test
    void theDelimiterMaySpanChunks() throws Exception {
        PreludeSplitter splitter = new PreludeSplitter();
        assertTrue(splitter.feed(bytes("{}\0\0\0")).isEmpty());
        assertTrue(splitter.feed(bytes("\0\0")).isEmpty());
        Optional<PreludeSplitter.Split> split = splitter.feed(bytes("\0\0\0"));
        assertTrue(split.isPresent());
        assertArrayEquals(bytes("{}"), split.get().prelude());
        assertEquals(0, split.get().bodyStart().length);
    }

    @Test
    void sevenNulBytesAreNotADelimiter() throws Exception {
        assertTrue(new PreludeSplitter().feed(bytes("{}\0\0\0\0\0\0\0x")).isEmpty());
    }

    @Test
    void aPreludeLongerThan16KilobytesIsRejected() {
        PreludeSplitter splitter = new PreludeSplitter();
        byte[] tooLong = bytes("x".repeat(PreludeSplitter.MAX_PRELUDE_BYTES + 1));
        assertThrows(MalformedResponseException.class, () -> splitter.feed(tooLong));
    }
}
