package dev.agentport.card;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The fields the AgentBreeder card and the A2A card render alike: the default media types and the bearer security
 * scheme. Skills are rendered by each face on purpose: A2A fills an empty description from the agent's and leaves
 * out empty examples; AgentBreeder shows them as given.
 */
public final class CardFields {

    private CardFields() {
    }

    /** {@code defaultInputModes} and {@code defaultOutputModes}. */
    public static void modes(ObjectNode card) {
        ArrayNode inputModes = card.putArray("defaultInputModes");
        AgentCard.INPUT_MODES.forEach(inputModes::add);
        ArrayNode outputModes = card.putArray("defaultOutputModes");
        AgentCard.OUTPUT_MODES.forEach(outputModes::add);
    }

    /** {@code securitySchemes} and {@code security} naming HTTP bearer auth, when the server requires a token. */
    public static void security(ObjectNode card, AgentCard agent) {
        if (agent.bearerAuth()) {
            card.putObject("securitySchemes").putObject("bearerAuth").put("type", "http").put("scheme", "bearer");
            card.putArray("security").addObject().putArray("bearerAuth");
        }
    }
}
