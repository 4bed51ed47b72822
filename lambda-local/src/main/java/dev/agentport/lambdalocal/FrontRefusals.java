package dev.agentport.lambdalocal;

import dev.agentport.helidon.transport.ClientFaults;
import io.helidon.http.DirectHandler;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webserver.http.DirectHandlers;

/**
 * Requests the front refuses before any function sees them (a bad request line, oversized headers, broken framing)
 * are answered as the front reports its own errors, {@code {"message":"<reason>"}} in JSON, as API Gateway does.
 */
final class FrontRefusals {

    private FrontRefusals() {
    }

    static DirectHandlers handlers() {
        DirectHandler handler = (request, eventType, status, headers, message) -> {
            Status answered = ClientFaults.status(request, eventType, status);
            FunctionAnswer answer = FunctionAnswer.frontError(answered.code(), answered.reasonPhrase());
            DirectHandler.TransportResponse.Builder response = DirectHandler.TransportResponse.builder()
                    .status(answered)
                    .keepAlive(false)
                    .entity(answer.body());
            answer.headers().forEach(field -> response.header(HeaderNames.create(field.name()), field.value()));
            return response.build();
        };
        DirectHandlers.Builder handlers = DirectHandlers.builder();
        for (DirectHandler.EventType type : DirectHandler.EventType.values()) {
            handlers.addHandler(type, handler);
        }
        return handlers.build();
    }
}
