package dev.agentport.validate.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.Expect;
import dev.agentport.validate.Probe;

import java.util.List;

/**
 * Pallas, section 4: the agent's tool, {@code send_message}, answers a message in text; with a {@code progressToken}
 * it reports progress as {@code notifications/progress} echoing the token, with a progress that rises strictly, all
 * before the result; without one it reports none. Whether an agent reports progress at all is up to the agent: when
 * it reports none, the progress rules are skipped, saying so.
 */
final class AgentToolRules {

    static final String TOOL = "send_message";
    static final String MESSAGE = "Hello from validate-contract.";
    private static final String TOKEN = "validate-contract-{run}";

    /** A tool call and the answer to it. */
    record Call(String id, Reply reply) {
    }

    private AgentToolRules() {
    }

    static void listedTakingAMessage(Probe probe) {
        JsonNode tool = McpClient.tool(probe, TOOL);
        Expect.that(tool != null, "tools/list lists no " + TOOL + " tool: " + McpClient.toolNames(probe));
        JsonNode schema = tool.path("inputSchema");
        Expect.that(schema.at("/properties/message").isObject(), TOOL + "'s inputSchema has no message property: "
                + schema);
        boolean required = false;
        for (JsonNode name : schema.path("required")) {
            required |= "message".equals(name.asText());
        }
        Expect.that(required, TOOL + "'s inputSchema does not require message: " + schema);
    }

    static void answersInText(Probe probe) {
        Call call = plain(probe);
        expectText(call.reply(), call.reply().result(call.id()));
    }

    static void takesHistoryAndConversationId(Probe probe) {
        JsonNode tool = McpClient.tool(probe, TOOL);
        if (tool == null) {
            throw Expect.skip("tools/list lists no " + TOOL + " tool (rule P4.1)");
        }
        JsonNode properties = tool.at("/inputSchema/properties");
        boolean history = properties.has("history");
        boolean conversation = properties.has("conversation_id");
        if (!history && !conversation) {
            throw Expect.skip(TOOL + "'s inputSchema lists neither history nor conversation_id");
        }
        ObjectNode arguments = Messages.object().put("message", MESSAGE);
        if (conversation) {
            arguments.put("conversation_id", "validate-contract-{run}");
        }
        if (history) {
            arguments.putArray("history").add(Messages.object().put("role", "user").put("content", "Hello."))
                    .add(Messages.object().put("role", "assistant").put("content", "Hello. How can I help?"));
        }
        String id = Messages.nextId();
        Reply reply = McpClient.of(probe).callTool(probe, id, TOOL, arguments, null);
        expectText(reply, reply.result(id));
    }

    static void progressEchoesTheToken(Probe probe) {
        String token = TOKEN.replace("{run}", probe.nonce());
        for (JsonNode note : progress(probe)) {
            JsonNode sent = note.at("/params/progressToken");
            Expect.that(sent.isTextual() && sent.asText().equals(token), "notifications/progress must echo the "
                    + "progressToken \"" + token + "\": " + note);
        }
    }

    static void progressRisesStrictly(Probe probe) {
        double previous = Double.NEGATIVE_INFINITY;
        for (JsonNode note : progress(probe)) {
            JsonNode progress = note.at("/params/progress");
            Expect.that(progress.isNumber(), "notifications/progress without a number in progress: " + note);
            Expect.that(progress.asDouble() > previous, "progress must rise with each notification, but "
                    + progress.asDouble() + " came after " + previous);
            previous = progress.asDouble();
            JsonNode total = note.at("/params/total");
            Expect.that(total.isMissingNode() || total.isNull() || total.isNumber(),
                    "notifications/progress with a total that is not a number: " + note);
            JsonNode message = note.at("/params/message");
            Expect.that(message.isMissingNode() || message.isNull() || message.isTextual(),
                    "notifications/progress with a message that is not a string: " + note);
        }
    }

    static void progressComesBeforeTheResult(Probe probe) {
        Call call = withProgress(probe);
        JsonNode response = call.reply().response(call.id());
        expectText(call.reply(), call.reply().result(call.id()));
        List<JsonNode> messages = call.reply().messages();
        Expect.that(messages.get(messages.size() - 1) == response, call.reply().what()
                + " sent messages after its result: " + messages.get(messages.size() - 1));
    }

    static void noProgressWithoutAToken(Probe probe) {
        Call call = plain(probe);
        call.reply().response(call.id());
        List<JsonNode> notes = call.reply().notifications("notifications/progress");
        Expect.that(notes.isEmpty(), call.reply().what() + " without a progressToken sent progress: " + notes);
    }

    /** The progress notifications of the call with a token; skips when the agent reported none. */
    private static List<JsonNode> progress(Probe probe) {
        Call call = withProgress(probe);
        List<JsonNode> notes = call.reply().notifications("notifications/progress");
        if (notes.isEmpty()) {
            throw Expect.skip("the agent reported no progress while it answered " + TOOL + " with a progressToken ("
                    + call.reply().answer().mediaType() + " answer), so progress was not checked");
        }
        return notes;
    }

    private static Call plain(Probe probe) {
        return probe.remember("mcp.send_message", () -> call(probe, null));
    }

    private static Call withProgress(Probe probe) {
        return probe.remember("mcp.send_message.progress", () -> call(probe, TOKEN));
    }

    private static Call call(Probe probe, String token) {
        String id = Messages.nextId();
        return new Call(id, McpClient.of(probe).callTool(probe, id, TOOL, Messages.object().put("message", MESSAGE),
                token));
    }

    private static void expectText(Reply reply, JsonNode result) {
        Expect.that(!result.path("isError").asBoolean(false), reply.what() + " answered a tool error: " + result);
        boolean text = false;
        for (JsonNode block : result.path("content")) {
            text |= "text".equals(block.path("type").asText()) && block.path("text").isTextual();
        }
        Expect.that(text, reply.what() + "'s result has no text block: " + result);
    }
}
