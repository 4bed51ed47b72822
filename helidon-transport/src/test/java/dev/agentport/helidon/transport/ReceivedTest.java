package dev.agentport.helidon.transport;

import io.helidon.common.buffers.DataReader;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReceivedTest {

    @Test
    void a_header_block_ending_in_an_empty_line_is_all_here() {
        assertTrue(Received.headerBlock(received("Host: x\r\nContent-Length: 2\r\n\r\n{}")));
    }

    @Test
    void a_request_without_headers_is_all_here() {
        assertTrue(Received.headerBlock(received("\r\n")));
    }

    @Test
    void a_header_block_cut_short_is_not_all_here() {
        assertFalse(Received.headerBlock(received("Host: x\r\nContent-Type: app")));
        assertFalse(Received.headerBlock(received("Host: x\r\n")));
        assertFalse(Received.headerBlock(received("\r")));
    }

    @Test
    void a_header_block_of_bare_line_feeds_is_not_taken_as_here() {
        assertFalse(Received.headerBlock(received("Host: x\n\n")));
    }

    @Test
    void looking_never_reads_from_the_socket_nor_consumes_a_byte() {
        DataReader reader = received("Host: x\r\n");
        Received.headerBlock(reader);
        Received.atLeast(reader, 100);
        assertEquals(9, reader.available());
    }

    @Test
    void a_body_is_here_when_its_length_is() {
        assertTrue(Received.atLeast(received("{\"input\":1}"), 11));
        assertFalse(Received.atLeast(received("{\"input\":"), 11));
    }

    /** A reader holding {@code text}, whose socket fails the test when read again. */
    private static DataReader received(String text) {
        boolean[] given = {false};
        DataReader reader = DataReader.create(() -> {
            if (given[0]) {
                throw new AssertionError("read from the socket");
            }
            given[0] = true;
            return text.getBytes(StandardCharsets.ISO_8859_1);
        });
        reader.pullData();
        return reader;
    }
}
