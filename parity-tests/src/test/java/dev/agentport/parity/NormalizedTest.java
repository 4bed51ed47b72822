package dev.agentport.parity;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** What the parity comparison takes out of an answer, and what it keeps. */
class NormalizedTest {

    private static Normalized of(String path, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return Normalized.of(new Exchange("t", CaseRequest.get(path).build(), 200,
                Map.of("Content-Type", List.of("application/json"),
                        "Content-Length", List.of(String.valueOf(bytes.length))), bytes, List.of()), false);
    }

    @Test
    void a_ping_answered_healthy_on_one_target_and_healthy_busy_on_another_compares_equal() {
        assertEquals(of("/ping", "{\"status\":\"Healthy\",\"time_of_last_update\":1700000000}"),
                of("/ping", "{\"status\":\"HealthyBusy\",\"time_of_last_update\":1700000123}"));
    }

    @Test
    void a_ping_status_outside_the_contract_still_differs() {
        assertNotEquals(of("/ping", "{\"status\":\"Healthy\",\"time_of_last_update\":1700000000}"),
                of("/ping", "{\"status\":\"Unhealthy\",\"time_of_last_update\":1700000000}"));
    }

    @Test
    void another_status_field_is_compared_as_it_is() {
        assertNotEquals(of("/tasks/t", "{\"status\":\"Healthy\"}"), of("/tasks/t", "{\"status\":\"HealthyBusy\"}"));
    }
}
