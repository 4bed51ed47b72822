package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.agentport.agentbreeder.Schemas;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.fail;

/** Validates bodies against the JSON Schemas the project publishes in its OpenAPI document. */
public final class SchemaCheck {

    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();

    private SchemaCheck() {
    }

    public static void assertValid(String schemaName, JsonNode body) {
        JsonSchema schema = CACHE.computeIfAbsent(schemaName, name -> FACTORY.getSchema(Schemas.load(name)));
        Set<ValidationMessage> errors = schema.validate(body);
        if (!errors.isEmpty()) {
            fail(schemaName + " violated: " + errors + " in " + body);
        }
    }
}
