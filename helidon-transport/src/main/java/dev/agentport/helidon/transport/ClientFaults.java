package dev.agentport.helidon.transport;

import io.helidon.common.buffers.DataReader;
import io.helidon.http.BadRequestException;
import io.helidon.http.DirectHandler;
import io.helidon.http.Status;

/**
 * Faults of the client's bytes that Helidon 4.5.0 reports as its own (500): a request line it cannot parse, a chunk
 * size that is no number, a body cut short by a client that stopped sending. Both are the client's, so 400.
 */
public final class ClientFaults {

    private ClientFaults() {
    }

    /**
     * The status a direct handler answers: Helidon's, except an "internal error" before the request was read, where
     * only the client's bytes can have failed.
     */
    public static Status status(DirectHandler.TransportRequest request, DirectHandler.EventType type, Status status) {
        return type == DirectHandler.EventType.INTERNAL_ERROR && request == DirectHandler.TransportRequest.empty()
                ? Status.BAD_REQUEST_400 : status;
    }

    /** {@code failure} of reading a request body, as the 400 it is when the body's framing is at fault. */
    static RuntimeException whileReadingBody(RuntimeException failure) {
        if (failure instanceof IllegalArgumentException || failure instanceof IllegalStateException
                || failure instanceof DataReader.InsufficientDataAvailableException) {
            return new BadRequestException("the request body's framing is invalid", failure);
        }
        return failure;
    }
}
