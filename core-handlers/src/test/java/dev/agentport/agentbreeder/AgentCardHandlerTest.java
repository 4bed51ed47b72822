package dev.agentport.agentbreeder;

import dev.agentport.agent.AgentDescriptor;
import dev.agentport.card.AgentCard;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class AgentCardHandlerTest {

    private static final AgentDescriptor AGENT = new AgentDescriptor("echo", "1.0.0", "Says it back.", null,
            List.of(new AgentDescriptor.Skill("echo", "Echo", "Repeats the input.", List.of("text", "t\u00e9st"),
                    List.of("say \"hi\"")),
                    new AgentDescriptor.Skill("quiet", null, null, null, null)));
    private static final AgentCard CARD = AgentCard.builder(AGENT).url("https://agent.example").build();

    @Test
    void the_card_is_rendered_on_the_first_request_and_the_same_bytes_are_served_after() {
        AgentCardHandler handler = new AgentCardHandler(CARD);

        byte[] first = bytes(handler.handle(HttpRequest.builder("GET", "/.well-known/agent.json").build()));
        byte[] second = bytes(handler.handle(HttpRequest.builder("GET", "/.well-known/agent.json").build()));

        assertArrayEquals(Json.bytes(AgentCardHandler.render(CARD)), first);
        assertSame(first, second);
    }

    @Test
    void a_skills_tags_and_examples_are_arrays_of_its_strings_in_order() {
        String skills = AgentCardHandler.render(CARD).get("skills").toString();

        assertEquals("[{\"id\":\"echo\",\"name\":\"Echo\",\"description\":\"Repeats the input.\","
                + "\"tags\":[\"text\",\"t\u00e9st\"],\"examples\":[\"say \\\"hi\\\"\"]},"
                + "{\"id\":\"quiet\",\"name\":\"quiet\",\"description\":\"\",\"tags\":[],\"examples\":[]}]", skills);
    }

    private static byte[] bytes(HttpResponse response) {
        return ((Body.Bytes) response.body()).bytes();
    }
}
