package dev.agentport.validate.http;

import java.io.IOException;
import java.time.Duration;

/** Sends one request and reads its whole answer: over HTTP for the command, in-process for the project's tests. */
@FunctionalInterface
public interface Transport {

    /**
     * @param timeout how long the whole answer may take, an event stream included
     * @throws IOException when there is no answer, or it did not end in time
     */
    Answer send(Request request, Duration timeout) throws IOException, InterruptedException;
}
