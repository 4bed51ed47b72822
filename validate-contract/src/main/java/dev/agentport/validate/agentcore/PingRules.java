package dev.agentport.validate.agentcore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.Shape;
import dev.agentport.validate.http.Answer;

import java.time.Duration;

/**
 * Section 2.2, {@code GET /ping}: {@code {"status":"Healthy"|"HealthyBusy","time_of_last_update":<Unix seconds>}}.
 * The guide leaves {@code time_of_last_update} out, but the platform's SDK always sends it and the idle reaper reads
 * it: without it, sessions can end while busy. Either status passes: the server may be busy with another caller.
 */
final class PingRules {

    /** 2017-07-14: a time in seconds is after it; one in milliseconds is far beyond the year 3000. */
    private static final long EARLIEST = 1_500_000_000L;
    /** How far the server's clock may run ahead of the command's. */
    private static final Duration CLOCK_SKEW = Duration.ofDays(1);

    private PingRules() {
    }

    static void answers200WithAJsonObject(Probe probe) {
        Answer answer = probe.send(Calls.ping());
        Expect.status(answer, 200);
        Expect.mediaType(answer, "application/json");
        Shape.object(answer.json(), "GET /ping's answer");
    }

    static void statusIsHealthyOrHealthyBusy(Probe probe) {
        Shape.oneOf(ping(probe), "status", Calls.PING_STATUSES, "GET /ping's answer");
    }

    static void timeOfLastUpdateIsUnixSeconds(Probe probe) {
        long latest = System.currentTimeMillis() / 1000 + CLOCK_SKEW.toSeconds();
        Shape.integer(ping(probe), "time_of_last_update", EARLIEST, latest, "GET /ping's answer");
    }

    private static JsonNode ping(Probe probe) {
        return Shape.object(probe.send(Calls.ping()).json(), "GET /ping's answer");
    }
}
