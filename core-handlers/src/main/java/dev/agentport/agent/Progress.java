package dev.agentport.agent;

/**
 * How far a run has got.
 *
 * @param step    a counter that rises with every report of one run
 * @param total   the step at which the run will be done, or {@code null} when unknown
 * @param message what is happening, e.g. {@code "search/query: started"}, or {@code null}
 */
public record Progress(long step, Long total, String message) {
}
