package dev.agentport.helidon;

import io.helidon.http.Header;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class ResponseHeadersTest {

    @Test
    void a_name_s_header_is_given_again_only_while_its_value_stays_the_same() {
        Header first = ResponseHeaders.of("X-Runtime-Contract-Version", "1");
        assertSame(first, ResponseHeaders.of("X-Runtime-Contract-Version", "1"));

        Header other = ResponseHeaders.of("X-Runtime-Contract-Version", "2");
        assertNotSame(first, other);
        assertEquals("2", other.get());
        assertEquals("X-Runtime-Contract-Version", other.name());
        assertEquals("1", ResponseHeaders.of("X-Runtime-Contract-Version", "1").get());
    }

    @Test
    void several_values_stay_several() {
        Header header = ResponseHeaders.of("Vary", List.of("Accept", "Origin"));
        assertEquals(List.of("Accept", "Origin"), header.allValues());
    }
}
