package dev.agentport.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.card.AgentCard;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Aion daemon extension: authenticated, environment-scoped daemon requests. Its payload, at
 * {@code params.metadata[URI]}, is request-scoped: it is validated here, handed to the agent as
 * {@code RunContext.extension(URI)}, and never stored, logged or copied into what a task keeps. Error messages name
 * the field that is wrong, never a value ({@code configurationVariables} may hold secrets).
 */
public final class AionDaemon {

    public static final String URI = "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0";
    public static final String DESCRIPTION = "Authenticated daemon access for environment-scoped automation";

    private static final List<String> IDENTITY = List.of("kind", "id", "networkType", "organizationId");
    private static final Map<String, List<String>> RECORDS = Map.of(
            "daemonIdentity", IDENTITY,
            "behavior", List.of("id", "behaviorKey", "versionId"),
            "environment", List.of("id", "name", "deploymentId", "daemonAgentIdentityId"));

    private AionDaemon() {
    }

    /** Declares the extension on the card unless {@code setting} ({@code AGENT_AION_DAEMON}) is {@code off}. */
    public static void declare(String setting, AgentCard.Builder card) {
        if (!setting.equals("off")) {
            card.addExtension(new AgentCard.Extension(URI, DESCRIPTION, setting.equals("required")));
        }
    }

    /** The extensions a face supports under {@code setting}: this one unless it is {@code off}. */
    public static Set<String> supported(String setting) {
        return setting.equals("off") ? Set.of() : Set.of(URI);
    }

    /** The extensions a request must activate under {@code setting}: this one when it is {@code required}. */
    public static List<String> required(String setting) {
        return setting.equals("required") ? List.of(URI) : List.of();
    }

    /** Throws an {@link InvalidField} naming the first missing or mistyped field. */
    public static void validate(JsonNode payload) {
        if (!payload.isObject()) {
            throw invalid("the " + URI + " payload must be an object");
        }
        for (String record : List.of("daemonIdentity", "behavior", "environment")) {
            requireRecord(payload, record, RECORDS.get(record));
        }
        if (payload.has("requesterIdentity")) {
            requireRecord(payload, "requesterIdentity", IDENTITY);
        }
        JsonNode variables = payload.get("environment").get("configurationVariables");
        if (variables == null || !variables.isObject()) {
            throw invalid("environment.configurationVariables must be an object of strings");
        }
        variables.properties().forEach(variable -> {
            if (!variable.getValue().isTextual()) {
                throw invalid("environment.configurationVariables values must be strings");
            }
        });
    }

    private static void requireRecord(JsonNode payload, String name, List<String> fields) {
        JsonNode record = payload.get(name);
        if (record == null || !record.isObject()) {
            throw invalid("the daemon payload needs " + name + " (an object)");
        }
        for (String field : fields) {
            JsonNode value = ((ObjectNode) record).get(field);
            if (value == null || !value.isTextual() || value.asText().isEmpty()) {
                throw invalid("the daemon payload needs " + name + "." + field + " (a non-empty string)");
            }
        }
    }

    private static InvalidField invalid(String message) {
        return new InvalidField(message);
    }
}
