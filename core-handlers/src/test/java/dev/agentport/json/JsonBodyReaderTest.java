package dev.agentport.json;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonBodyReaderTest {

    @Test
    void the_media_type_is_the_lower_case_type_before_any_parameter() {
        assertEquals("", JsonBodyReader.mediaType(null));
        assertEquals("", JsonBodyReader.mediaType(""));
        assertEquals("", JsonBodyReader.mediaType(" ; charset=utf-8"));
        assertEquals("application/json", JsonBodyReader.mediaType("application/json"));
        assertEquals("application/json", JsonBodyReader.mediaType(" Application/JSON ;charset=utf-8; q=1"));
        assertEquals("application/problem+json", JsonBodyReader.mediaType("application/problem+json;"));
    }
}
