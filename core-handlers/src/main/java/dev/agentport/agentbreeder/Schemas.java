package dev.agentport.agentbreeder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.json.Json;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The JSON Schemas of the contract's bodies, kept as resources beside this class. The OpenAPI document publishes
 * them, and the tests validate real responses against the same files.
 */
public final class Schemas {

    private Schemas() {
    }

    /** The schema named {@code name}, as written (with {@code $schema}). */
    public static ObjectNode load(String name) {
        String resource = "schemas/" + name + ".json";
        try (InputStream in = Schemas.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing schema resource " + resource);
            }
            return (ObjectNode) Json.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
