package dev.agentport.agentbreeder;

import dev.agentport.http.HttpRequest;
import dev.agentport.json.BrokenBodies;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The body of {@code /invoke} and {@code /stream} is read in one pass from a parser, with a tree only for free-form
 * values. Rule: whatever the body, it reads to what the whole tree read to before (kept here as the reference:
 * {@link JsonBodies#readObject}, then {@link InvokeBody#from}): the same refusal with the same code and message, or
 * the same input, session id, config and metadata.
 */
class InvokeBodyReadingTest {

    private static final String FULL = "{\"input\":{\"a\":[1,2.5,\"\\u00e9\"]},\"session_id\":\"s-1\","
            + "\"config\":{\"k\":true},\"metadata\":{\"m\":null},\"extra\":[{\"x\":1e3}]}";

    private final JsonBodies bodies = new JsonBodies(1 << 20);

    @ParameterizedTest
    @ValueSource(strings = {
            "{\"input\":\"hello\"}",
            FULL,
            "{\"input\":[1,{}],\"session_id\":null,\"config\":null,\"metadata\":null}",
            "{\"input\":\"\",\"session_id\":\"\"}",
            "{\"session_id\":\"s\"}",
            "{}",
            "{\"input\":null}",
            "{\"input\":5}",
            "{\"input\":1.5e300}",
            "{\"input\":true}",
            "{\"input\":\"x\",\"session_id\":5}",
            "{\"input\":\"x\",\"session_id\":{}}",
            "{\"input\":\"x\",\"session_id\":\"a b\"}",
            "{\"input\":\"x\",\"session_id\":\"\\u00e9\"}",
            "{\"input\":\"x\",\"config\":[]}",
            "{\"input\":\"x\",\"config\":\"c\"}",
            "{\"input\":\"x\",\"metadata\":5}",
            "{\"input\":5,\"session_id\":5,\"config\":5}",
            "{\"metadata\":5,\"config\":5,\"session_id\":5,\"input\":5}",
            "{\"input\":\"a\",\"input\":\"b\"}",
            "{\"input\":{\"a\":1,\"a\":2}}",
            "{\"x\":{\"a\":1,\"a\":2},\"input\":\"a\"}",
            "{\"input\":\"x\"} {}",
            "{\"input\":\"x\"}x",
            "{\"input\":\"x\",}",
            "{\"input\":\"\\q\"}",
            "{\"input\":\"a\tb\"}",
            "{\"input\":01}",
            "{\"input\":NaN}",
            "{input:\"x\"}",
            "{\"input\":\"x\"",
            "[]",
            "[{\"input\":\"x\"}]",
            "5",
            "\"s\"",
            "null",
            "true",
            "\ufeff ",
            "\ufeff{\"input\":\"x\"}",
            "5 5",
            "[] []",
    })
    void aBodyReadsInOnePassAsItsTreeDid(String body) {
        assertSameReading(body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void beyondTheParserLimitsTheOnePassReadingRefusesAsTheTreeDid() {
        for (String field : List.of("input", "session_id", "config", "metadata", "other")) {
            for (String value : BrokenBodies.beyondTheParserLimits()) {
                assertSameReading(("{\"input\":\"x\",\"" + field + "\":" + value + "}")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    @Test
    void invalidUtf8AnywhereReadsAsItsTreeDid() {
        BrokenBodies.withInvalidUtf8Anywhere(FULL, this::assertSameReading);
    }

    @Test
    void everyCutAndMutationOfABodyReadsAsItsTreeDid() {
        BrokenBodies.cutsAndMutations(this::assertSameReading, FULL);
    }

    private void assertSameReading(byte[] body) {
        HttpRequest request = HttpRequest.builder("POST", "/invoke").header("Content-Type", "application/json")
                .body(body).build();
        assertEquals(byTree(request), inOnePass(request), () -> new String(body, StandardCharsets.UTF_8));
    }

    /** The reading before: the whole body as a tree, then its fields' checks on it. */
    private String byTree(HttpRequest request) {
        try {
            return describe(InvokeBody.from(bodies.readObject(request)));
        } catch (ContractError refused) {
            return refused(refused);
        }
    }

    private String inOnePass(HttpRequest request) {
        try {
            return describe(bodies.read(request, InvokeBody::read));
        } catch (ContractError refused) {
            return refused(refused);
        }
    }

    private static String refused(ContractError refused) {
        return "refused " + refused.code() + ": " + refused.getMessage();
    }

    private static String describe(InvokeBody body) {
        return "read, input " + body.input().getClass().getSimpleName() + " " + Json.write(body.input())
                + ", session " + body.sessionId() + ", config " + Json.write(body.config())
                + ", metadata " + Json.write(body.metadata());
    }
}
