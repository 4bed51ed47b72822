package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;

/**
 * The checks of level 2, Production. Most of it happens inside the container (signals, stdout, spans), which no
 * request can see: those rules always skip and say what was not checked.
 */
final class Level2 {

    /** A W3C {@code traceparent} with a fixed, recognisable trace id. */
    static final String TRACE_ID = "da0ba5eda0ba5eda0ba5eda0ba5eda01";
    static final String TRACEPARENT = "00-" + TRACE_ID + "-00f067aa0ba902b7-01";

    private Level2() {
    }

    static void gracefulShutdown(Probe probe) {
        throw Expect.skip("not checked: it needs SIGTERM sent to the container and the time it takes to finish its "
                + "work and exit, which cannot be seen over HTTP");
    }

    static void structuredJsonLogging(Probe probe) {
        throw Expect.skip("not checked: the container's stdout cannot be read over HTTP");
    }

    static void traceContextPropagation(Probe probe) {
        JsonNode task = TaskRequests.task(probe, TaskRequests.post(Manifest.of(probe),
                TaskRequests.message("da-msg-{run}-trace", "da-task-{run}-trace", null))
                .header("traceparent", TRACEPARENT));
        JsonNode traceId = task.at("/metadata/trace_id");
        if (traceId.isTextual()) {
            if (!traceId.asText().equals(TRACE_ID)) {
                throw new RuleFailed("the task of a request with traceparent " + TRACEPARENT + " reports metadata"
                        + ".trace_id " + traceId.asText() + ", not the caller's trace id " + TRACE_ID);
            }
            return;
        }
        throw Expect.skip("partly checked: a task with a traceparent header was answered; whether its trace context "
                + "reached the runtime's spans is not visible from outside (the task reports no metadata.trace_id)");
    }

    static void shutdownIs503(Probe probe) {
        throw Expect.skip("not checked: the server cannot be made to shut down from outside");
    }
}
