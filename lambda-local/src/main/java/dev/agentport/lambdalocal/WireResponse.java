package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** A complete HTTP/1.1 response with a fixed-length body, as the Runtime API sends them. */
record WireResponse(int status, String reason, Map<String, String> headers, byte[] body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static WireResponse json(int status, String reason, String json) {
        return new WireResponse(status, reason, Map.of("Content-Type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code 202 Accepted} with {@code {"status":"OK"}}, the Runtime API's answer to responses and errors. */
    static WireResponse accepted() {
        return json(202, "Accepted", "{\"status\":\"OK\"}");
    }

    /** An error answer in the Runtime API's shape {@code {"errorMessage":...,"errorType":...}}. */
    static WireResponse error(int status, String reason, String errorType, String errorMessage) {
        ObjectNode body = JSON.createObjectNode().put("errorMessage", errorMessage).put("errorType", errorType);
        return json(status, reason, body.toString());
    }

    void writeTo(OutputStream out, boolean keepAlive) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(status).append(' ').append(reason).append("\r\n");
        Map<String, String> all = new LinkedHashMap<>(headers);
        all.put("Content-Length", Integer.toString(body.length));
        all.put("Connection", keepAlive ? "keep-alive" : "close");
        all.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
    }
}
