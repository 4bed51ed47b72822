package dev.agentport.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.daedalus.DaedalusShapes;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Daedalus Runtime Contract's shapes. The card, the task and the manifest are checked by the validate-contract
 * command's own checks ({@link DaedalusShapes}), so the suites and the command agree; the message, the request, the
 * face's error body and its stream events by JSON Schemas kept in this module's test resources.
 */
public final class DaedalusSchemas {

    private static final String BASE = "https://agentport.dev/schemas/daedalus/";
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012,
            builder -> builder.schemaMappers(mappers -> mappers.mapPrefix(BASE, "classpath:schemas/daedalus/")));
    private static final Map<String, JsonSchema> CACHE = new ConcurrentHashMap<>();

    public static final String AGENT_CARD = "agent-card";
    public static final String TASK = "task";
    public static final String MESSAGE = "message";
    public static final String SEND_MESSAGE_REQUEST = "send-message-request";
    public static final String RUNTIME_CONTRACT = "runtime-contract";
    public static final String ERROR = "error";
    public static final String STREAM_EVENT = "stream-event";

    private DaedalusSchemas() {
    }

    /** The validation errors of {@code body} against the named schema; empty when it is valid. */
    public static Set<ValidationMessage> errors(String name, JsonNode body) {
        JsonSchema schema = CACHE.computeIfAbsent(name,
                n -> FACTORY.getSchema(SchemaLocation.of(BASE + n + ".schema.json")));
        return schema.validate(body);
    }

    public static void assertValid(String name, JsonNode body) {
        Runnable shape = switch (name) {
            case AGENT_CARD -> () -> {
                DaedalusShapes.card(body);
                DaedalusShapes.skills(body);
            };
            case TASK -> () -> DaedalusShapes.task(body, "the task");
            case RUNTIME_CONTRACT -> () -> DaedalusShapes.manifest(body);
            default -> null;
        };
        if (shape != null) {
            try {
                shape.run();
            } catch (RuleFailed e) {
                fail(name + " violated: " + e.getMessage());
            }
            return;
        }
        Set<ValidationMessage> errors = errors(name, body);
        if (!errors.isEmpty()) {
            fail(name + " violated: " + errors + " in " + body);
        }
    }
}
