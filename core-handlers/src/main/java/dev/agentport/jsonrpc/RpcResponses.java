package dev.agentport.jsonrpc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.a2a.WireValue;
import dev.agentport.http.HttpHeaderNames;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.ServerSentEvents;
import dev.agentport.json.Json;
import dev.agentport.runtime.StoreOutage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON-RPC response objects. Every JSON-RPC answer, errors included, is HTTP 200 {@code application/json}: the
 * binding carries its errors in the body. Only refusals before the body is read, and a state store that failed (503,
 * like the other unavailability), keep an HTTP status of their own.
 */
final class RpcResponses {

    static final String JSON = "application/json";

    private static final byte[] RESULT = ",\"result\":".getBytes(StandardCharsets.US_ASCII);
    /** An answer's members before its id's value. */
    private static final byte[] ID_FIRST = "{\"jsonrpc\":\"2.0\",\"id\":".getBytes(StandardCharsets.US_ASCII);

    private RpcResponses() {
    }

    static WireValue result(JsonNode id, WireValue result) {
        return out -> {
            out.writeStartObject();
            out.writeStringField("jsonrpc", "2.0");
            out.writeFieldName("id");
            writeId(out, id);
            out.writeFieldName("result");
            result.write(out);
            out.writeEndObject();
        };
    }

    /** The bytes of {@link #result(JsonNode, WireValue)} for a result given as its bytes. */
    static byte[] result(JsonNode id, byte[] result) {
        byte[] head = resultHead(id);
        byte[] response = Arrays.copyOf(head, head.length + result.length + 1);
        System.arraycopy(result, 0, response, head.length, result.length);
        response[response.length - 1] = '}';
        return response;
    }

    /** What {@link #result(JsonNode, WireValue)} writes before the result: {@code {"jsonrpc":"2.0","id":…,"result":}. */
    static byte[] resultHead(JsonNode id) {
        if (id.isInt() || id.isLong()) {
            // the usual id: its digits are what the generator writes for it, copied without making one
            String digits = Long.toString(id.longValue());
            byte[] head = new byte[ID_FIRST.length + digits.length() + RESULT.length];
            System.arraycopy(ID_FIRST, 0, head, 0, ID_FIRST.length);
            for (int i = 0; i < digits.length(); i++) {
                head[ID_FIRST.length + i] = (byte) digits.charAt(i);
            }
            System.arraycopy(RESULT, 0, head, head.length - RESULT.length, RESULT.length);
            return head;
        }
        byte[] head = Json.written(out -> {
            out.writeStartObject();
            out.writeStringField("jsonrpc", "2.0");
            out.writeFieldName("id");
            writeId(out, id);
            out.writeEndObject();
        });
        // the head without its closing brace, then the result member's name
        int start = head.length - 1;
        byte[] resultHead = Arrays.copyOf(head, start + RESULT.length);
        System.arraycopy(RESULT, 0, resultHead, start, RESULT.length);
        return resultHead;
    }

    /** What {@link #result(JsonNode, WireValue)} writes after the result. */
    static final byte[] RESULT_END = {'}'};

    /** The request's id (a string, a number or null) as its tree would be written, without a serializer. */
    private static void writeId(JsonGenerator out, JsonNode id) throws IOException {
        if (id.isTextual()) {
            out.writeString(id.textValue());
        } else if (id.isNull()) {
            out.writeNull();
        } else if (id.isInt() || id.isLong()) {
            out.writeNumber(id.longValue());
        } else {
            Json.writeNode(out, id);
        }
    }

    /**
     * An error object; in 1.0, A2A-specific errors carry {@code data} as an array with one
     * {@code google.rpc.ErrorInfo}.
     */
    static ObjectNode error(JsonNode id, RpcError error, ProtocolVersion version) {
        ObjectNode node = Json.object().put("jsonrpc", "2.0");
        node.set("id", id);
        ObjectNode body = node.putObject("error").put("code", error.code()).put("message", error.message());
        if (version == ProtocolVersion.V1_0 && error.reason() != null) {
            body.putArray("data").addObject()
                    .put("@type", "type.googleapis.com/google.rpc.ErrorInfo")
                    .put("reason", error.reason())
                    .put("domain", "a2a-protocol.org");
        }
        return node;
    }

    static HttpResponse http(int status, ObjectNode body) {
        return HttpResponse.builder(status).contentType(JSON).body(Json.bytes(body)).build();
    }

    /** A state store that failed: the error with the request's id on HTTP 503, with {@code Retry-After}. */
    static HttpResponse storeUnavailable(JsonNode id, ProtocolVersion version) {
        return http(503, error(id, RpcError.storeUnavailable(), version))
                .withHeader(HttpHeaderNames.RETRY_AFTER, StoreOutage.RETRY_AFTER_SECONDS);
    }

    static HttpResponse ok(ObjectNode body) {
        return http(200, body);
    }

    static HttpResponse ok(byte[] body) {
        return HttpResponse.builder(200).contentType(JSON).body(body).build();
    }

    static HttpResponse ok(WireValue body) {
        return HttpResponse.builder(200).contentType(JSON).body(body.bytes()).build();
    }

    static byte[] event(ObjectNode response) {
        return ServerSentEvents.data(Json.write(response));
    }

    static byte[] event(WireValue response) {
        return ServerSentEvents.data(response.text());
    }
}
