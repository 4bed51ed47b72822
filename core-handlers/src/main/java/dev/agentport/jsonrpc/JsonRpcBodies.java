package dev.agentport.jsonrpc;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Predicate;

/**
 * Which bodies on a shared path are JSON-RPC: a JSON object with a {@code jsonrpc} member, or an array of them (a
 * batch, which the binding then refuses). Anything else, unreadable bodies included, stays with the path's owner.
 * Every body on the path passes here, the owner's included, so it is read as tokens, without building a tree; it is
 * still read to its end, so that a body the owner would find unreadable stays with the owner.
 */
final class JsonRpcBodies implements Predicate<HttpRequest> {

    private static final byte[] JSONRPC = "jsonrpc".getBytes(StandardCharsets.US_ASCII);

    private final int maxBodyBytes;

    JsonRpcBodies(int maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    public boolean test(HttpRequest request) {
        byte[] body = request.body();
        if (body.length == 0 || body.length > maxBodyBytes || !mayNameJsonRpc(body)) {
            return false;
        }
        try (JsonParser parser = Json.MAPPER.createParser(body)) {
            return hasJsonRpcMember(parser);
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Whether a member of the body may be named {@code jsonrpc}: only if the name is there as it is, or spelt with an
     * escape, which needs a backslash. Most bodies of the path's owner have neither, and are not parsed here at all.
     */
    static boolean mayNameJsonRpc(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            byte b = body[i];
            if (b == '\\' || b == 0 || b == 'j' && startsWithJsonRpc(body, i)) {
                return true;
            }
        }
        return false;
    }

    private static boolean startsWithJsonRpc(byte[] body, int from) {
        return from + JSONRPC.length <= body.length
                && Arrays.equals(body, from, from + JSONRPC.length, JSONRPC, 0, JSONRPC.length);
    }

    /**
     * Whether the document's object (or its array's first element) has a {@code jsonrpc} member; a document that is not
     * valid JSON, or is followed by more, throws.
     */
    private static boolean hasJsonRpcMember(JsonParser parser) throws IOException {
        JsonToken root = parser.nextToken();
        if (root == null) {
            return false;
        }
        boolean found = false;
        if (root == JsonToken.START_OBJECT) {
            found = membersNameJsonRpc(parser);
        } else if (root == JsonToken.START_ARRAY) {
            JsonToken first = next(parser);
            if (first == JsonToken.START_OBJECT) {
                found = membersNameJsonRpc(parser);
            } else if (first != JsonToken.END_ARRAY) {
                read(parser, first);
            }
            if (first != JsonToken.END_ARRAY) {
                for (JsonToken token = next(parser); token != JsonToken.END_ARRAY; token = next(parser)) {
                    read(parser, token);
                }
            }
        } else {
            read(parser, root);
        }
        if (parser.nextToken() != null) {
            throw new IOException("more after the body's JSON value");
        }
        return found;
    }

    /** Reads an object's members, its start read already, to its end: whether one of them is {@code jsonrpc}. */
    private static boolean membersNameJsonRpc(JsonParser parser) throws IOException {
        boolean found = false;
        for (JsonToken token = next(parser); token != JsonToken.END_OBJECT; token = next(parser)) {
            found |= "jsonrpc".equals(parser.currentName());
            read(parser, next(parser));
        }
        return found;
    }

    /** Reads the value that starts with {@code token} to its end, decoding strings and numbers as a tree would. */
    private static void read(JsonParser parser, JsonToken token) throws IOException {
        int depth = 0;
        JsonToken current = token;
        while (true) {
            switch (current) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case VALUE_STRING -> parser.finishToken();
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getNumberValue();
                default -> {
                }
            }
            if (depth == 0) {
                return;
            }
            current = next(parser);
        }
    }

    private static JsonToken next(JsonParser parser) throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw new IOException("the body ends inside a JSON value");
        }
        return token;
    }
}
