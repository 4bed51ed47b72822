package dev.agentport.helidon;

import io.helidon.http.Header;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class ResponseHeadersTest {

    @Test
    void a_name_s_first_value_is_given_again_and_any_other_value_is_made_anew() {
        Header first = ResponseHeaders.of("X-Test-Kept", "1");
        assertSame(first, ResponseHeaders.of("X-Test-Kept", "1"));

        Header other = ResponseHeaders.of("X-Test-Kept", "2");
        assertNotSame(other, ResponseHeaders.of("X-Test-Kept", "2"));
        assertEquals("2", other.get());
        assertEquals("X-Test-Kept", other.name());
        assertSame(first, ResponseHeaders.of("X-Test-Kept", "1"));
    }

    @Test
    void several_values_stay_several() {
        Header header = ResponseHeaders.of("X-Test-Several", List.of("Accept", "Origin"));
        assertEquals(List.of("Accept", "Origin"), header.allValues());
    }
}
