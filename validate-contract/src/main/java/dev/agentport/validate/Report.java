package dev.agentport.validate;

import java.util.List;

/**
 * A whole validation run.
 *
 * @param url        the URL checked
 * @param detected   whether the contracts were detected (no {@code --contracts})
 * @param detections what probing found, one per contract probed
 * @param results    every rule's result, in order
 * @param requests   how many requests were sent
 * @param millis     how long the run took
 */
public record Report(String url, boolean detected, List<Detection> detections, List<Result> results, int requests,
                     long millis) {

    public long count(Outcome outcome) {
        return results.stream().filter(result -> result.outcome() == outcome).count();
    }

    /** Whether nothing was checked because the server speaks none of the contracts. */
    public boolean nothingServed() {
        return results.isEmpty();
    }

    /** 0 when every rule checked passed, 1 when any failed or nothing could be checked. */
    public int exitCode() {
        return nothingServed() || count(Outcome.FAIL) > 0 ? 1 : 0;
    }
}
