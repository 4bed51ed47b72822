package dev.agentport.lambda.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.lambda.SampleEvents;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpEventsTest {

    private static HttpEvent read(String sample) {
        return HttpEvents.read(HttpEvents.parse(SampleEvents.bytes(sample)), null);
    }

    private static JsonNode respond(PayloadFormat format, HttpResponse response) throws Exception {
        return Json.parse(HttpEvents.write(format, response, response.bodyBytes()));
    }

    @Test
    void requestCookiesFromTheCookiesArrayAreRebuiltIntoOneCookieHeader() {
        HttpRequest request = read("http-api-v2-invoke.json").request();
        assertEquals("session=abc123; theme=dark", request.header("Cookie"));
        assertEquals(1, request.headers().all("cookie").size());
    }

    @Test
    void setCookieIsReturnedInCookies() throws Exception {
        HttpResponse response = HttpResponse.builder(200)
                .header("Set-Cookie", "a=1; Path=/")
                .header("Set-Cookie", "b=2; HttpOnly")
                .contentType("application/json").body("{}".getBytes(StandardCharsets.UTF_8)).build();
        JsonNode event = respond(PayloadFormat.V2, response);
        assertEquals("a=1; Path=/", event.path("cookies").get(0).asText());
        assertEquals("b=2; HttpOnly", event.path("cookies").get(1).asText());
        assertFalse(event.path("headers").has("Set-Cookie"));
    }

    @Test
    void repeatedResponseHeadersAreJoinedWithCommasAndNeverInMultiValueHeaders() throws Exception {
        HttpResponse response = HttpResponse.builder(200)
                .header("Vary", "Accept").header("Vary", "Origin")
                .contentType("text/plain").body("ok".getBytes(StandardCharsets.UTF_8)).build();
        JsonNode event = respond(PayloadFormat.V2, response);
        assertEquals("Accept, Origin", event.path("headers").path("Vary").asText());
        assertFalse(event.has("multiValueHeaders"));
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        HttpRequest request = read("http-api-v2-base64-body.json").request();
        assertEquals("application/json", request.header("content-type"));
        assertEquals("application/json", request.header("CONTENT-TYPE"));
        HttpRequest lower = read("http-api-v2-invoke.json").request();
        assertEquals("req-from-client-1", lower.header("X-Request-Id"));
    }

    @Test
    void namedStageIsStrippedFromThePath() {
        HttpRequest request = read("http-api-v2-named-stage.json").request();
        assertEquals("GET", request.method());
        assertEquals("/health", request.path());
    }

    @Test
    void defaultStageLeavesThePathAndQueryAsSent() {
        HttpRequest request = read("http-api-v2-invoke.json").request();
        assertEquals("/invoke", request.path());
        assertEquals("debug=true&tag=a%20b", request.rawQuery());
        assertEquals("205.255.255.176", request.remoteAddress());
        assertEquals("/", V2Events.withoutStage("/prod", "prod"));
        assertEquals("/production/x", V2Events.withoutStage("/production/x", "prod"));
    }

    @Test
    void base64RequestBodyIsDecodedLeniently() {
        HttpRequest request = read("http-api-v2-base64-body.json").request();
        assertEquals("{\"input\":\"héllo à toi\"}", new String(request.body(), StandardCharsets.UTF_8));
    }

    @Test
    void binaryResponseBodyIsBase64AndSurvivesByteForByte() throws Exception {
        byte[] bytes = new byte[70_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        HttpResponse response = HttpResponse.builder(200).contentType("image/png").body(bytes).build();
        for (PayloadFormat format : PayloadFormat.values()) {
            JsonNode event = respond(format, response);
            assertTrue(event.path("isBase64Encoded").asBoolean());
            String body = event.path("body").asText();
            assertFalse(body.contains("\n") || body.contains("\r"), "basic encoder, no line breaks");
            assertArrayEquals(bytes, Base64.getDecoder().decode(body));
        }
    }

    @Test
    void textWithBytesThatAreNotUtf8IsBase64Too() throws Exception {
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        HttpResponse response = HttpResponse.builder(200).contentType("text/plain; charset=ISO-8859-1")
                .body(latin1).build();
        JsonNode event = respond(PayloadFormat.V2, response);
        assertTrue(event.path("isBase64Encoded").asBoolean());
        assertArrayEquals(latin1, Base64.getDecoder().decode(event.path("body").asText()));
    }

    @Test
    void jsonAndEventStreamBodiesAreSentAsText() throws Exception {
        for (String type : new String[] {"application/json", "text/event-stream", "application/problem+json",
                "application/javascript", "application/x-www-form-urlencoded", "application/xml"}) {
            HttpResponse response = HttpResponse.builder(200).contentType(type)
                    .body("{\"a\":\"é\"}".getBytes(StandardCharsets.UTF_8)).build();
            JsonNode event = respond(PayloadFormat.V2, response);
            assertFalse(event.path("isBase64Encoded").asBoolean(), type);
            assertEquals("{\"a\":\"é\"}", event.path("body").asText(), type);
        }
    }

    @Test
    void payload10EventIsAccepted() {
        HttpEvent event = read("rest-api-v1-invoke.json");
        assertEquals(PayloadFormat.V1, event.format());
        HttpRequest request = event.request();
        assertEquals("POST", request.method());
        assertEquals("/invoke", request.path());
        assertEquals("tag=one&tag=two&q=a+b%26c", request.rawQuery());
        assertEquals("session=abc123", request.header("cookie"));
        assertEquals(2, request.headers().all("x-tag").size());
        assertEquals("192.0.2.10", request.remoteAddress());
        assertEquals("{\"input\":\"hello from REST\"}", new String(request.body(), StandardCharsets.UTF_8));
    }

    @Test
    void payload10ResponseKeepsRepeatedHeadersInMultiValueHeaders() throws Exception {
        HttpResponse response = HttpResponse.builder(201)
                .header("Set-Cookie", "a=1").header("Set-Cookie", "b=2")
                .contentType("application/json").body("{}".getBytes(StandardCharsets.UTF_8)).build();
        JsonNode event = respond(PayloadFormat.V1, response);
        assertEquals(201, event.path("statusCode").asInt());
        assertEquals("application/json", event.path("headers").path("Content-Type").asText());
        assertEquals(2, event.path("multiValueHeaders").path("Set-Cookie").size());
        assertFalse(event.path("headers").has("Set-Cookie"), "never the same value in both maps");
        assertEquals("{}", event.path("body").asText());
    }

    @Test
    void functionUrlEventIsMappedLikePayload20() {
        HttpEvent event = read("function-url-stream.json");
        assertEquals(PayloadFormat.V2, event.format());
        assertEquals("POST", event.request().method());
        assertEquals("/stream", event.request().path());
        assertEquals("text/event-stream", event.request().header("Accept"));
        assertEquals("198.51.100.7", event.request().remoteAddress());
        assertNull(event.request().header("Cookie"));
    }

    @Test
    void deadlineIsCarriedIntoTheRequest() {
        Instant deadline = Instant.now().plusSeconds(3);
        HttpRequest request = HttpEvents.read(HttpEvents.parse(SampleEvents.bytes("http-api-v2-invoke.json")),
                deadline).request();
        assertEquals(deadline, request.deadline());
    }

    @Test
    void httpEventWithoutAMethodIsInvalidInItsFormat() {
        InvalidHttpEventException error = assertThrows(InvalidHttpEventException.class,
                () -> read("broken-http-event.json"));
        assertEquals(PayloadFormat.V2, error.format());
        assertTrue(error.getMessage().contains("requestContext.http.method"));
    }

    @Test
    void base64BodyThatIsNotBase64IsInvalid() {
        ObjectNode event = (ObjectNode) HttpEvents.parse(SampleEvents.bytes("http-api-v2-base64-body.json"));
        event.put("body", "a");
        assertThrows(InvalidHttpEventException.class, () -> HttpEvents.read(event, null));
    }

    @Test
    void eventsFromOtherSourcesAreNotHttpEvents() {
        NotAnHttpEventException s3 = assertThrows(NotAnHttpEventException.class, () -> read("s3-put.json"));
        assertTrue(s3.getMessage().contains("not an API Gateway or Function URL HTTP event"));
        assertThrows(NotAnHttpEventException.class,
                () -> HttpEvents.parse("not json".getBytes(StandardCharsets.UTF_8)));
        assertThrows(NotAnHttpEventException.class,
                () -> HttpEvents.parse("[1,2]".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void streamingPreludeIsJsonThenEightNulBytes() throws Exception {
        HttpResponse response = HttpResponse.builder(200).contentType("text/event-stream")
                .header("Set-Cookie", "a=1").body(Body.stream(sink -> { })).build();
        byte[] prelude = StreamingPrelude.of(response);
        int json = prelude.length - 8;
        for (int i = json; i < prelude.length; i++) {
            assertEquals(0, prelude[i]);
        }
        JsonNode meta = Json.MAPPER.readTree(new String(prelude, 0, json, StandardCharsets.UTF_8));
        assertEquals(200, meta.path("statusCode").asInt());
        assertEquals("text/event-stream", meta.path("headers").path("Content-Type").asText());
        assertEquals("a=1", meta.path("cookies").get(0).asText());
    }
}
