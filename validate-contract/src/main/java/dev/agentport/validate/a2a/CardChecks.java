package dev.agentport.validate.a2a;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;
import dev.agentport.validate.RuleFailed;
import dev.agentport.validate.Shape;

/** The checks of the agent card: where it is served, and the fields each version it declares requires. */
final class CardChecks {

    private CardChecks() {
    }

    static void servedAtTheWellKnownPath(Probe probe) {
        A2aCard card = A2aCard.of(probe);
        if (card.endpoints().isEmpty()) {
            throw new RuleFailed("the card at " + A2aCard.PATH + " declares no A2A 0.3 or 1.0 interface (neither "
                    + "supportedInterfaces nor url with protocolVersion): " + card.body());
        }
    }

    static void hasThe1_0Fields(Probe probe) {
        JsonNode card = oneZeroCard(probe);
        common(card, "the agent card");
        Shape.array(card, "supportedInterfaces", 1, "the agent card");
    }

    static void interfacesAreDeclared(Probe probe) {
        JsonNode interfaces = Shape.array(oneZeroCard(probe), "supportedInterfaces", 1, "the agent card");
        for (int i = 0; i < interfaces.size(); i++) {
            String at = "the agent card.supportedInterfaces[" + i + "]";
            JsonNode entry = Shape.object(interfaces.get(i), at);
            Shape.nonEmpty(entry, "url", at);
            Shape.nonEmpty(entry, "protocolBinding", at);
            String version = Shape.nonEmpty(entry, "protocolVersion", at);
            // 3.6: versions are Major.Minor; a patch number must not appear in a card.
            Expect.that(version.matches("\\d+\\.\\d+"), at + ".protocolVersion is \"" + version
                    + "\", expected Major.Minor without a patch number");
        }
    }

    private static JsonNode oneZeroCard(Probe probe) {
        JsonNode card = A2aCard.of(probe).body();
        if (!card.has("supportedInterfaces")) {
            throw Expect.skip("the agent card has no supportedInterfaces, so it declares no A2A 1.0 interface");
        }
        return card;
    }

    static void hasThe0_3Fields(Probe probe) {
        A2aCard card = A2aCard.of(probe);
        if (!card.declares(A2aCard.JSONRPC, Version.V0_3) && !card.body().has("protocolVersion")) {
            throw Expect.skip("the agent card declares no A2A 0.3 interface");
        }
        String where = "the agent card";
        common(card.body(), where);
        Shape.nonEmpty(card.body(), "url", where);
        Shape.nonEmpty(card.body(), "protocolVersion", where);
    }

    private static void common(JsonNode card, String where) {
        Shape.nonEmpty(card, "name", where);
        Shape.nonEmpty(card, "description", where);
        Shape.nonEmpty(card, "version", where);
        Shape.object(card, "capabilities", where);
        Shape.strings(card, "defaultInputModes", 0, where);
        Shape.strings(card, "defaultOutputModes", 0, where);
        JsonNode skills = Shape.array(card, "skills", 0, where);
        for (int i = 0; i < skills.size(); i++) {
            String at = where + ".skills[" + i + "]";
            JsonNode skill = Shape.object(skills.get(i), at);
            Shape.nonEmpty(skill, "id", at);
            Shape.string(skill, "name", at);
            Shape.string(skill, "description", at);
            Shape.strings(skill, "tags", 0, at);
        }
    }
}
