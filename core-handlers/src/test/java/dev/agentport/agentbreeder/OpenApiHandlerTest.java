package dev.agentport.agentbreeder;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class OpenApiHandlerTest {

    private static final AgentDescriptor AGENT = AgentDescriptor.of("echo", "1.0.0", "Says it back.");
    private static final AgentCard CARD = AgentCard.builder(AGENT).url("https://agent.example").resume(true)
            .bearerAuth(true).build();

    @Test
    void the_document_is_built_on_the_first_request_and_the_same_bytes_are_served_after() {
        OpenApiHandler handler = new OpenApiHandler(AGENT, CARD);

        byte[] first = bytes(handler.handle(HttpRequest.builder("GET", "/openapi.json").build()));
        byte[] second = bytes(handler.handle(HttpRequest.builder("GET", "/openapi.json").build()));

        assertArrayEquals(Json.bytes(OpenApiDocument.build(AGENT, true, true, "https://agent.example")), first);
        assertSame(first, second);
    }

    private static byte[] bytes(HttpResponse response) {
        return ((Body.Bytes) response.body()).bytes();
    }
}
