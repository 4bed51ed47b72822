package dev.agentport.session;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The in-memory stores' times: to the millisecond, ends of life clamped to a long's range. */
class LifetimesTest {

    @Test
    void theTimeIsTheClocksToTheMillisecondInNanoseconds() {
        Clock clock = Clock.fixed(Instant.ofEpochSecond(1_700_000_000L, 123_456_789), ZoneOffset.UTC);
        assertEquals(1_700_000_000_123_000_000L, Lifetimes.now(clock));
    }

    @Test
    void anEndOfLifeIsTheTimeToLiveAfterNow() {
        assertEquals(5_000_000_000L + 2_000, Lifetimes.endOfLife(2_000, Lifetimes.nanos(Duration.ofSeconds(5))));
        assertEquals(-1_000L, Lifetimes.endOfLife(0, Lifetimes.nanos(Duration.ofNanos(-1_000))));
    }

    @Test
    void timesToLiveBeyondALongClampAsTheStoresDidWithInstants() {
        assertEquals(Long.MAX_VALUE, Lifetimes.nanos(Duration.ofDays(1_000_000)));
        assertEquals(Long.MIN_VALUE, Lifetimes.nanos(Duration.ofDays(-1_000_000)));
        assertEquals(Long.MAX_VALUE, Lifetimes.endOfLife(1, Long.MAX_VALUE));
        assertEquals(Long.MIN_VALUE, Lifetimes.endOfLife(-1, Long.MIN_VALUE));
        assertEquals(Long.MAX_VALUE - 1, Lifetimes.endOfLife(-1, Long.MAX_VALUE));
    }
}
