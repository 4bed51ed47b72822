package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ChunkedBodyTest {

    private static InputStream wire(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void eachReadReturnsAtMostOneChunk() throws Exception {
        ChunkedBody body = new ChunkedBody(wire("5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\n\r\n"));
        byte[] buffer = new byte[100];
        assertEquals(5, body.read(buffer));
        assertEquals(7, body.read(buffer));
        assertEquals(-1, body.read(buffer));
    }

    @Test
    void trailersAreReadAfterTheLastChunk() throws Exception {
        ChunkedBody body = new ChunkedBody(wire("2\r\nok\r\n0\r\nLambda-Runtime-Function-Error-Type: Boom\r\n"
                + "Lambda-Runtime-Function-Error-Body: YmFk\r\n\r\n"));
        assertEquals("ok", new String(body.readAllBytes(), StandardCharsets.ISO_8859_1));
        assertEquals(Map.of("lambda-runtime-function-error-type", "Boom", "lambda-runtime-function-error-body", "YmFk"),
                body.trailers());
        assertEquals(new FunctionError("Boom", "bad"), RuntimeApiRoutes.trailerError(body.trailers()).orElseThrow());
    }

    @Test
    void aBadChunkSizeIsAMalformedRequest() {
        ChunkedBody body = new ChunkedBody(wire("zz\r\nhello\r\n"));
        assertThrows(WireRequest.MalformedRequestException.class, body::readAllBytes);
    }

    @Test
    void aConnectionClosedInsideAChunkIsAnError() {
        ChunkedBody body = new ChunkedBody(wire("a\r\nhel"));
        assertThrows(java.io.EOFException.class, body::readAllBytes);
    }
}
