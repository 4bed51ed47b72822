package dev.agentport.testing;

import dev.agentport.contract.Exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** What every face's answer to a state store outage has in common. */
public final class OutageAnswers {

    /** The one message a caller sees, whatever the backend said. */
    public static final String MESSAGE = "the state store is unavailable; try again in a few seconds";

    private OutageAnswers() {
    }

    /** 503 with {@code Retry-After} of a few seconds, and nothing of the backend's failure. */
    public static void assertUnavailable(Exchange answer) {
        assertEquals(503, answer.status(), answer.text());
        assertEquals("3", answer.header("Retry-After"));
        assertNothingLeaks(answer.text());
    }

    /** Neither the backend's message nor a stack trace. */
    public static void assertNothingLeaks(String text) {
        assertFalse(text.contains("secret-detail"), text);
        assertFalse(text.contains("store-7"), text);
        assertFalse(text.contains("Exception"), text);
        assertFalse(text.contains("\tat "), text);
    }
}
