package dev.agentport.http;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HeadersTest {

    @Test
    void names_are_case_insensitive() {
        Headers headers = Headers.builder().add("Content-Type", "application/json").build();
        assertEquals("application/json", headers.firstOrNull("content-type"));
        assertTrue(headers.contains("CONTENT-TYPE"));
    }

    @Test
    void repeated_values_are_kept_in_order() {
        Headers headers = Headers.builder().add("Set-Cookie", "a=1").add("set-cookie", "b=2").build();
        assertEquals(List.of("a=1", "b=2"), headers.all("Set-Cookie"));
        assertEquals(List.of("Set-Cookie"), headers.names());
    }

    @Test
    void set_replaces_every_value() {
        Headers headers = Headers.builder().add("X", "1").add("X", "2").set("x", "3").build();
        assertEquals(List.of("3"), headers.all("X"));
    }

    @Test
    void absent_header_is_null_and_empty() {
        assertNull(Headers.empty().firstOrNull("X"));
        assertTrue(Headers.empty().all("X").isEmpty());
    }
}
