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

    @Test
    void many_names_are_still_found_case_insensitively_and_in_order() {
        Headers.Builder builder = Headers.builder();
        for (int i = 0; i < 40; i++) {
            builder.add("X-Name-" + i, "v" + i);
        }
        builder.add("x-name-7", "again").remove("X-NAME-3").set("X-Name-39", "last");
        Headers headers = builder.build();
        assertEquals(List.of("v7", "again"), headers.all("X-NAME-7"));
        assertNull(headers.firstOrNull("X-Name-3"));
        assertEquals("last", headers.firstOrNull("x-name-39"));
        assertEquals("v38", headers.firstOrNull("x-name-38"));
        assertEquals(39, headers.size());
        assertEquals("X-Name-4", headers.names().get(3));
    }

    @Test
    void a_copy_changed_leaves_the_original_as_it_was() {
        Headers original = Headers.builder().add("X", "1").add("Y", "2").build();
        Headers changed = original.toBuilder().add("X", "3").set("Y", "4").add("Z", "5").build();
        assertEquals(List.of("1"), original.all("X"));
        assertEquals(List.of("2"), original.all("Y"));
        assertEquals(2, original.size());
        assertEquals(List.of("1", "3"), changed.all("x"));
        assertEquals(List.of("4"), changed.all("y"));
    }

    @Test
    void with_replaces_every_value_in_place_or_adds_the_name_last_and_leaves_the_original() {
        Headers original = Headers.builder().add("A", "1").add("b", "2").add("b", "3").add("C", "4").build();
        Headers replaced = original.with("B", "9");
        assertEquals(List.of("A", "B", "C"), replaced.names());
        assertEquals(List.of("9"), replaced.all("b"));
        Headers added = original.with("D", "5");
        assertEquals(List.of("A", "b", "C", "D"), added.names());
        assertEquals(List.of("2", "3"), original.all("b"));
        assertEquals(3, original.size());
    }

    @Test
    void with_keeps_a_message_with_very_many_names_indexed() {
        Headers.Builder builder = Headers.builder();
        for (int i = 0; i <= Headers.SCAN_LIMIT; i++) {
            builder.add("X-" + i, String.valueOf(i));
        }
        Headers headers = builder.build().with("x-3", "three").with("Y", "why");
        assertEquals("three", headers.firstOrNull("X-3"));
        assertEquals("why", headers.firstOrNull("y"));
        assertEquals(Headers.SCAN_LIMIT + 2, headers.size());
    }
}
