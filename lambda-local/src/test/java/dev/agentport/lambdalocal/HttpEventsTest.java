package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HttpEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final EventStamp STAMP = new EventStamp("JKJaXmPLvHcESHA=", "Root=1-5e6a8f9e-0123456789abcdef01234567",
            Instant.parse("2020-03-12T19:03:58.123Z"), "123456789012", "eu-west-1");

    private static FrontRequest request(String method, String path, String query, byte[] body, HeaderField... headers) {
        return new FrontRequest(method, path, query, "HTTP/1.1", "192.0.2.7", List.of(headers), body);
    }

    @Test
    void aRequestBecomesThePayload20EventApiGatewayWouldSend() throws Exception {
        FrontRequest request = request("POST", "/invoke", "a=1&b=x%20y", "{\"input\":1}".getBytes(StandardCharsets.UTF_8),
                new HeaderField("Host", "localhost:8080"),
                new HeaderField("User-Agent", "curl/8.5.0"),
                new HeaderField("Content-Type", "application/json"),
                new HeaderField("Cookie", "s=abc; theme=dark"));

        JsonNode expected = JSON.readTree("""
                {"version":"2.0","routeKey":"$default","rawPath":"/invoke","rawQueryString":"a=1&b=x%20y",
                 "cookies":["s=abc","theme=dark"],
                 "headers":{"host":"localhost:8080","user-agent":"curl/8.5.0","content-type":"application/json",
                            "x-forwarded-for":"192.0.2.7","x-forwarded-proto":"http",
                            "x-amzn-trace-id":"Root=1-5e6a8f9e-0123456789abcdef01234567"},
                 "queryStringParameters":{"a":"1","b":"x y"},
                 "requestContext":{"accountId":"123456789012","apiId":"localapi01",
                   "domainName":"localapi01.execute-api.eu-west-1.amazonaws.com","domainPrefix":"localapi01",
                   "http":{"method":"POST","path":"/invoke","protocol":"HTTP/1.1","sourceIp":"192.0.2.7",
                           "userAgent":"curl/8.5.0"},
                   "requestId":"JKJaXmPLvHcESHA=","routeKey":"$default","stage":"$default",
                   "time":"12/Mar/2020:19:03:58 +0000","timeEpoch":1584039838123},
                 "body":"{\\"input\\":1}","isBase64Encoded":false}""");
        assertEquals(expected, HttpEvents.toEvent(request, EventSource.HTTP_API, STAMP));
    }

    @Test
    void aFunctionUrlEventNamesTheLambdaUrlDomain() {
        JsonNode event = HttpEvents.toEvent(request("GET", "/health", "", new byte[0]), EventSource.FUNCTION_URL, STAMP);
        JsonNode context = event.get("requestContext");
        assertTrue(context.get("domainName").asText().endsWith(".lambda-url.eu-west-1.on.aws"));
        assertEquals(context.get("apiId").asText(), context.get("domainPrefix").asText());
        assertEquals("$default", event.get("routeKey").asText());
    }

    @Test
    void repeatedHeadersAreJoinedWithCommasUnderLowerCaseNames() {
        JsonNode event = HttpEvents.toEvent(request("GET", "/", "", new byte[0],
                new HeaderField("Accept", "text/html"), new HeaderField("ACCEPT", "application/json"),
                new HeaderField("X-Forwarded-For", "203.0.113.1")), EventSource.HTTP_API, STAMP);
        assertEquals("text/html,application/json", event.get("headers").get("accept").asText());
        assertEquals("203.0.113.1,192.0.2.7", event.get("headers").get("x-forwarded-for").asText());
    }

    @Test
    void cookiesOfEveryCookieHeaderGoToTheCookiesArrayAndNotToHeaders() {
        JsonNode event = HttpEvents.toEvent(request("GET", "/", "", new byte[0],
                new HeaderField("Cookie", "a=1; b=2"), new HeaderField("cookie", "c=3;")), EventSource.HTTP_API, STAMP);
        assertEquals(JSON.valueToTree(List.of("a=1", "b=2", "c=3")), event.get("cookies"));
        assertFalse(event.get("headers").has("cookie"));
    }

    @Test
    void withoutCookiesOrQueryThoseFieldsAreLeftOut() {
        JsonNode event = HttpEvents.toEvent(request("GET", "/", "", new byte[0]), EventSource.HTTP_API, STAMP);
        assertFalse(event.has("cookies"));
        assertFalse(event.has("queryStringParameters"));
        assertFalse(event.has("body"));
        assertEquals("", event.get("rawQueryString").asText());
        assertFalse(event.get("isBase64Encoded").asBoolean());
    }

    @Test
    void repeatedQueryKeysAreJoinedWithCommasAndValuesDecoded() {
        assertEquals(java.util.Map.of("tag", "a,b c", "flag", "", "é", "%zz"),
                HttpEvents.queryParameters("tag=a&tag=b+c&flag&%C3%A9=%zz"));
    }

    @Test
    void aBinaryBodyIsBase64Encoded() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, 1, 2};
        JsonNode event = HttpEvents.toEvent(request("POST", "/upload", "", png,
                new HeaderField("Content-Type", "image/png")), EventSource.HTTP_API, STAMP);
        assertTrue(event.get("isBase64Encoded").asBoolean());
        assertEquals(Base64.getEncoder().encodeToString(png), event.get("body").asText());
    }

    @Test
    void aBodyWithoutContentTypeIsBase64Encoded() {
        JsonNode event = HttpEvents.toEvent(request("POST", "/", "", "hello".getBytes(StandardCharsets.UTF_8)),
                EventSource.HTTP_API, STAMP);
        assertTrue(event.get("isBase64Encoded").asBoolean());
        assertEquals("aGVsbG8=", event.get("body").asText());
    }

    @Test
    void aTextualContentTypeWithInvalidUtf8IsStillBase64Encoded() {
        byte[] notUtf8 = {(byte) 0xff, (byte) 0xfe, 'a'};
        JsonNode event = HttpEvents.toEvent(request("POST", "/", "", notUtf8,
                new HeaderField("Content-Type", "text/plain; charset=utf-8")), EventSource.HTTP_API, STAMP);
        assertTrue(event.get("isBase64Encoded").asBoolean());
    }

    @Test
    void jsonXmlFormAndTextTypesCountAsText() {
        for (String type : List.of("application/json", "application/problem+json; charset=utf-8", "text/csv",
                "application/x-www-form-urlencoded", "application/atom+xml", "application/xml")) {
            assertTrue(HttpEvents.isTextual(type), type);
        }
        for (String type : List.of("application/octet-stream", "image/png", "multipart/form-data; boundary=x", "bogus")) {
            assertFalse(HttpEvents.isTextual(type), type);
        }
    }
}
