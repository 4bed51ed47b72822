package dev.agentport.daedalus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.IncomingMessage;
import dev.agentport.agent.Part;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.BrokenBodies;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The body of {@code POST /} is read in one pass from a parser. Rule: whatever the body, it reads to what the whole
 * tree read to before (kept here as the reference: {@link JsonBodyReader#readObject}, the {@code message} member's
 * check, then {@link IncomingMessage#read(ObjectNode)}): the same refusal with the same message, or the same message.
 */
class MessageBodyReadingTest {

    private static final String SEND = "{\"message\":{\"kind\":\"message\",\"messageId\":\"m1\",\"role\":\"user\","
            + "\"taskId\":\"t\",\"contextId\":\"\",\"parts\":[{\"kind\":\"text\",\"text\":\"a \\\"b\\\" \\u00e9\"},"
            + "{\"kind\":\"file\",\"file\":{\"name\":\"n\",\"mimeType\":\"text/plain\",\"bytes\":\"aGk=\"}},"
            + "{\"data\":{\"x\":[1,2.5]}}],\"metadata\":{\"k\":null}},\"configuration\":{\"blocking\":false}}";

    private final JsonBodyReader bodies = new JsonBodyReader(1 << 20, false, false);

    @ParameterizedTest
    @ValueSource(strings = {
            SEND,
            "{\"message\":{\"role\":\"user\",\"parts\":[{\"text\":\"hello\"}]}}",
            "{\"message\":{}}",
            "{\"x\":1,\"message\":{\"messageId\":5,\"taskId\":\"\",\"parts\":{}},\"y\":[{\"z\":null}]}",
            "{\"message\":{\"messageId\":\"m\",\"parts\":[1,\"x\",null,[],{},{\"text\":5},{\"kind\":\"data\","
                    + "\"text\":\"t\",\"data\":null},{\"kind\":5,\"text\":\"t\"},{\"kind\":\"text\",\"text\":\"t\"},"
                    + "{\"file\":\"x\",\"raw\":null},{\"file\":{\"uri\":\"u\",\"bytes\":\"!!\",\"x\":[{}]}},"
                    + "{\"raw\":\"aGk=\",\"filename\":\"f\",\"mediaType\":\"m\"},{\"url\":5},{\"url\":\"u\",\"raw\":\"%\"},"
                    + "{\"data\":5},{\"data\":{\"a\":{\"b\":[true,false,null,1e400,-1.0E-5,99999999999999999999]}}}],"
                    + "\"metadata\":[1]}}",
            "{\"message\":null}",
            "{\"message\":[]}",
            "{\"message\":\"hi\"}",
            "{\"message\":5}",
            "{\"message\":true}",
            "{\"messages\":{}}",
            "{}",
            "[]",
            "[{\"message\":{}}]",
            "5",
            "\"s\"",
            "null",
            "true",
            "\ufeff ",
            "{} {}",
            "{}x",
            "{\"message\":{}} 5",
            "{\"message\":{}",
            "{\"message\":{},\"message\":{}}",
            "{\"message\":5,\"message\":{}}",
            "{\"message\":{\"parts\":[{\"text\":\"a\",\"text\":\"b\"}]}}",
            "{\"message\":{\"metadata\":{\"a\":1,\"a\":1}}}",
            "{\"message\":{},\"x\":\"\\q\"}",
            "{\"message\":{},\"x\":\"a\tb\"}",
            "{\"message\":{\"kind\":\"a\u0001b\"}}",
            "{\"message\":{},\"x\":01}",
            "{\"message\":{},\"x\":NaN}",
            "{\"message\":{},\"x\":'a'}",
            "{\"message\":{} /* c */}",
            "{message:{}}",
            "{\"message\":{},}",
            "{\"message\":{\"parts\":[1,]}}",
    })
    void aBodyReadsInOnePassAsItsTreeDid(String body) {
        assertSameReading(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void beyondTheParserLimitsTheOnePassReadingRefusesAsTheTreeDid() {
        for (String place : List.of("\"x\":%s", "\"message\":%s", "\"message\":{\"x\":%s}",
                "\"message\":{\"parts\":[%s]}", "\"message\":{\"parts\":[{\"data\":%s}]}",
                "\"message\":{\"metadata\":{\"a\":%s}}")) {
            for (String value : BrokenBodies.beyondTheParserLimits()) {
                assertSameReading(("{" + place.formatted(value) + "}").getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void invalidUtf8AnywhereReadsAsItsTreeDid() {
        BrokenBodies.withInvalidUtf8Anywhere(SEND, this::assertSameReading);
    }

    @Test
    void everyCutAndMutationOfABodyReadsAsItsTreeDid() {
        BrokenBodies.cutsAndMutations(this::assertSameReading, SEND);
    }

    private void assertSameReading(byte[] body) {
        HttpRequest request = HttpRequest.builder("POST", "/").header("Content-Type", "application/json")
                .body(body).build();
        assertEquals(byTree(request), inOnePass(request), () -> new String(body, StandardCharsets.UTF_8));
    }

    /** The reading before: the whole body as a tree, its message member checked, then read from the tree. */
    private String byTree(HttpRequest request) {
        try {
            ObjectNode body = bodies.readObject(request);
            JsonNode message = body.get("message");
            if (message == null || !message.isObject()) {
                throw new BodyProblem(BodyProblem.Kind.NOT_AN_OBJECT, message == null
                        ? "request body needs a message object"
                        : "message must be an object, got " + JsonBodyReader.kind(message));
            }
            return describe(IncomingMessage.read((ObjectNode) message));
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        }
    }

    private String inOnePass(HttpRequest request) {
        try {
            return describe(bodies.read(request, MessageBody::read));
        } catch (BodyProblem problem) {
            return "body problem " + problem.kind() + ": " + problem.getMessage();
        }
    }

    private static String describe(IncomingMessage message) {
        StringBuilder text = new StringBuilder("message ").append(message.messageId()).append(' ')
                .append(message.taskId()).append(' ').append(message.contextId()).append(" metadata ")
                .append(message.metadata() == null ? null : Json.write(message.metadata()));
        for (Part part : message.parts()) {
            text.append(" part ").append(switch (part) {
                case Part.Text t -> "text " + t.text();
                case Part.Data d -> "data " + d.data().getClass().getSimpleName() + Json.write(d.data());
                case Part.File f -> "file " + f.name() + ' ' + f.mimeType() + ' '
                        + (f.bytes() == null ? null : Base64.getEncoder().encodeToString(f.bytes())) + ' ' + f.uri();
            });
        }
        return text.toString();
    }
}
