package dev.agentport.http;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BoundedBodyTest {

    private static ByteArrayInputStream bytes(int n) {
        return new ByteArrayInputStream(new byte[n]);
    }

    @Test
    void declared_length_within_the_limit_is_read_exactly() throws IOException {
        assertEquals(10, BoundedBody.read(bytes(10), 10, 100).length);
    }

    @Test
    void undeclared_length_is_read_up_to_one_byte_past_the_limit() throws IOException {
        assertEquals(101, BoundedBody.read(bytes(5000), -1, 100).length);
        assertEquals(7, BoundedBody.read(bytes(7), -1, 100).length);
    }

    @Test
    void declared_length_over_the_limit_reads_only_one_byte_past_it() throws IOException {
        assertEquals(101, BoundedBody.read(bytes(5000), 5000, 100).length);
    }
}
