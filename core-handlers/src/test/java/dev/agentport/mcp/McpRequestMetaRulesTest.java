package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A 2026-07-28 request carries its protocol version and client capabilities in {@code params._meta}: a request
 * missing either, or with a malformed one, is {@code -32602} with HTTP 400; a version header that disagrees with
 * {@code _meta} is {@code -32020} with HTTP 400.
 */
class McpRequestMetaRulesTest {

    private static void assertRejected(Exchange answer, int code) {
        assertEquals(400, answer.status(), answer.toString());
        assertEquals(code, answer.json().at("/error/code").asInt(), answer.toString());
        assertEquals(9, answer.json().get("id").asInt(), answer.toString());
    }

    @Test
    void a_request_without_meta_is_32602_with_http_400() throws Exception {
        assertRejected(Modern.core().send("server/discover", Json.object()), -32602);
    }

    @Test
    void a_request_whose_meta_is_not_an_object_is_32602_with_http_400() throws Exception {
        assertRejected(Modern.core().send("server/discover", Json.object().put("_meta", "2026-07-28")), -32602);
    }

    @Test
    void a_request_without_the_protocol_version_in_meta_is_32602_with_http_400() throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").remove(Modern.PROTOCOL_VERSION);
        assertRejected(Modern.core().send("server/discover", params), -32602);
    }

    @Test
    void a_request_without_client_capabilities_in_meta_is_32602_with_http_400() throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").remove(Modern.CLIENT_CAPABILITIES);
        assertRejected(Modern.core().send("server/discover", params), -32602);
    }

    @Test
    void client_capabilities_that_are_not_an_object_are_32602_with_http_400() throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").putArray(Modern.CLIENT_CAPABILITIES).add("sampling");
        assertRejected(Modern.core().send("server/discover", params), -32602);
    }

    @Test
    void an_unknown_log_level_is_32602_with_http_400() throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").put("io.modelcontextprotocol/logLevel", "loud");
        assertRejected(Modern.core().send("server/discover", params), -32602);
    }

    @Test
    void a_request_without_client_info_is_served() throws Exception {
        Exchange answer = Modern.core().send("server/discover", Modern.params());
        assertEquals(200, answer.status(), answer.toString());
    }

    @Test
    void a_version_header_that_disagrees_with_meta_is_32020_even_when_meta_names_an_unknown_version()
            throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").put(Modern.PROTOCOL_VERSION, "v999.0.0");
        assertRejected(Modern.core().send("server/discover", params, Modern.VERSION), -32020);
    }

    @Test
    void an_unknown_version_in_both_header_and_meta_is_32022_with_http_400() throws Exception {
        ObjectNode params = Modern.params();
        params.withObject("/_meta").put(Modern.PROTOCOL_VERSION, "v999.0.0");
        Exchange answer = Modern.core().send("server/discover", params, "v999.0.0");
        assertRejected(answer, -32022);
        assertEquals("v999.0.0", answer.json().at("/error/data/requested").asText(), answer.toString());
    }
}
