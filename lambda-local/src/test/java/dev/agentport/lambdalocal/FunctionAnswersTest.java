package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FunctionAnswersTest {

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aStructuredResponseGivesItsStatusHeadersAndBody() {
        FunctionAnswer answer = FunctionAnswers.fromBufferedPayload(utf8("""
                {"statusCode":201,"headers":{"content-type":"application/json","x-count":3},"body":"{\\"ok\\":true}",
                 "isBase64Encoded":false}"""));
        assertEquals(201, answer.status());
        assertEquals(List.of(new HeaderField("content-type", "application/json"), new HeaderField("x-count", "3")),
                answer.headers());
        assertEquals("{\"ok\":true}", new String(answer.body(), StandardCharsets.UTF_8));
    }

    @Test
    void eachCookieBecomesOneSetCookieHeader() {
        FunctionAnswer answer = FunctionAnswers.fromBufferedPayload(utf8("""
                {"statusCode":200,"cookies":["a=1; Path=/","b=2; HttpOnly"]}"""));
        assertEquals(List.of(new HeaderField("Set-Cookie", "a=1; Path=/"), new HeaderField("Set-Cookie", "b=2; HttpOnly")),
                answer.headers());
        assertEquals(0, answer.body().length);
    }

    @Test
    void aBase64BodyIsDecoded() {
        FunctionAnswer answer = FunctionAnswers.fromBufferedPayload(utf8("""
                {"statusCode":200,"body":"AAEC/w==","isBase64Encoded":true}"""));
        assertArrayEquals(new byte[]{0, 1, 2, (byte) 0xff}, answer.body());
    }

    @Test
    void jsonWithoutStatusCodeIsSentAsIsWith200() {
        byte[] payload = utf8("{\"hello\":\"world\"}");
        FunctionAnswer answer = FunctionAnswers.fromBufferedPayload(payload);
        assertEquals(200, answer.status());
        assertEquals(List.of(new HeaderField("Content-Type", "application/json")), answer.headers());
        assertArrayEquals(payload, answer.body());
    }

    @Test
    void aResponseThatIsNotJsonIsA502() {
        FunctionAnswer answer = FunctionAnswers.fromBufferedPayload(utf8("oops"));
        assertEquals(502, answer.status());
        assertTrue(new String(answer.body(), StandardCharsets.UTF_8).contains("Function.MalformedResponse"));
    }

    @Test
    void anImpossibleStatusCodeIsA502() {
        assertEquals(502, FunctionAnswers.fromBufferedPayload(utf8("{\"statusCode\":42}")).status());
        assertEquals(502, FunctionAnswers.fromBufferedPayload(utf8("{\"statusCode\":\"abc\"}")).status());
    }

    @Test
    void aFunctionErrorIsA502WithAJsonBody() throws Exception {
        FunctionAnswer answer = FunctionAnswer.functionError(new FunctionError("java.lang.IllegalStateException", "boom"));
        assertEquals(502, answer.status());
        var body = new ObjectMapper().readTree(answer.body());
        assertEquals("Internal Server Error", body.get("message").asText());
        assertEquals("java.lang.IllegalStateException", body.get("errorType").asText());
        assertEquals("boom", body.get("errorMessage").asText());
    }

    @Test
    void aStreamingPreludeGivesStatusHeadersAndCookies() throws Exception {
        FunctionAnswer head = FunctionAnswers.fromStreamingPrelude(utf8("""
                {"statusCode":200,"headers":{"content-type":"text/event-stream"},"cookies":["s=1"]}"""));
        assertEquals(200, head.status());
        assertEquals(List.of(new HeaderField("content-type", "text/event-stream"), new HeaderField("Set-Cookie", "s=1")),
                head.headers());
    }

    @Test
    void aPreludeWithoutStatusCodeMeans200() throws Exception {
        assertEquals(200, FunctionAnswers.fromStreamingPrelude(utf8("{}")).status());
    }

    @Test
    void aPreludeThatIsNotAJsonObjectIsMalformed() {
        assertThrows(MalformedResponseException.class, () -> FunctionAnswers.fromStreamingPrelude(utf8("[1]")));
        assertThrows(MalformedResponseException.class, () -> FunctionAnswers.fromStreamingPrelude(utf8("{\"statusCode\":7}")));
    }
}
