package dev.agentport.a2a;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TaskStatusTest {

    /** What A2A asks for, {@code YYYY-MM-DDTHH:mm:ss.sssZ}, as the pattern writes it. */
    private static final DateTimeFormatter PATTERN =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    @Test
    void the_timestamp_is_written_in_utc_to_the_millisecond_as_the_pattern_writes_it() {
        List<Instant> edges = List.of(Instant.EPOCH, Instant.parse("2026-11-26T00:00:00Z"),
                Instant.parse("2026-12-31T23:59:59.999999999Z"), Instant.parse("2024-02-29T12:34:56.007Z"),
                Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999Z"),
                Instant.parse("+10000-01-01T00:00:00Z"), Instant.parse("-0001-06-15T08:09:10.500Z"),
                Instant.ofEpochSecond(-1, 1));
        for (Instant instant : edges) {
            assertEquals(PATTERN.format(instant), text(instant));
        }
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 10_000; i++) {
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_167_219_200L, 253_402_300_800L),
                    random.nextInt(1_000_000_000));
            assertEquals(PATTERN.format(instant), text(instant));
        }
    }

    private static String text(Instant instant) {
        return new TaskStatus(TaskState.WORKING, null, instant).timestampText();
    }
}
