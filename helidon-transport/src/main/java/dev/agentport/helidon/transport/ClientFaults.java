package dev.agentport.helidon.transport;

import io.helidon.common.buffers.DataReader;
import io.helidon.http.BadRequestException;
import io.helidon.http.DirectHandler;
import io.helidon.http.Status;

/**
 * Faults of the client's bytes that Helidon 4.5.0 reports as its own (500): a request line it cannot parse, a chunk
 * size that is no number, a body cut short by a client that stopped sending, a transfer coding it does not know (501).
 * All are the client's, so 400.
 */
public final class ClientFaults {

    private ClientFaults() {
    }

    /**
     * The status a direct handler answers: Helidon's, except an "internal error" before the request was read, where
     * only the client's bytes can have failed, and the 501 Helidon gives a transfer coding it does not know (the
     * listener implements every method it routes, so a 501 of the HTTP layer is always the request's framing).
     */
    public static Status status(DirectHandler.TransportRequest request, DirectHandler.EventType type, Status status) {
        boolean unreadRequest = type == DirectHandler.EventType.INTERNAL_ERROR
                && request == DirectHandler.TransportRequest.empty();
        return unreadRequest || status.code() == Status.NOT_IMPLEMENTED_501.code() ? Status.BAD_REQUEST_400 : status;
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
