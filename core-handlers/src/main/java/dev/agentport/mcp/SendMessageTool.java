package dev.agentport.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.json.Json;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Lifecycle;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.store.StoreUnavailableException;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code send_message}: runs the agent on {@code message} and answers one text block. The conversation is
 * {@code conversation_id}, else the MCP session, else a new one; {@code history} ({@code [{role, content}]}, oldest
 * first) seeds a conversation the store does not know yet, and is ignored for one it knows. A failed run is a result
 * with {@code isError}. With a progress token the run streams, and its progress becomes notifications. A run that
 * pauses for a human answers its question; the next {@code message} in that conversation is the answer and continues
 * it, as {@code /resume} would. As a task (the tasks extension), a pause is asked through the task instead
 * ({@link AgentQuestions}), when the client can answer elicitations.
 */
final class SendMessageTool implements McpTool {

    static final String NAME = "send_message";

    private final Runs runs;
    private final Lifecycle lifecycle;
    private final String agentName;
    private final String description;

    SendMessageTool(Runs runs, Lifecycle lifecycle, String agentName, String description) {
        this.runs = runs;
        this.lifecycle = lifecycle;
        this.agentName = agentName;
        this.description = description;
    }

    @Override
    public ObjectNode definition() {
        ObjectNode tool = Json.object();
        tool.put("name", NAME);
        tool.put("description", description.isBlank() ? "Send a message to the " + agentName + " agent" : description);
        ObjectNode schema = tool.putObject("inputSchema");
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        properties.putObject("message").put("type", "string").put("description", "The message for the agent");
        properties.putObject("conversation_id").put("type", "string")
                .put("description", "The conversation to continue; a new one when absent");
        ObjectNode history = properties.putObject("history");
        history.put("type", "array").put("description", "Earlier messages, oldest first, for a new conversation");
        ObjectNode entry = history.putObject("items");
        entry.put("type", "object");
        entry.putObject("properties").putObject("role").put("type", "string");
        ((ObjectNode) entry.get("properties")).putObject("content").put("type", "string");
        schema.putArray("required").add("message");
        return tool;
    }

    /** A long message can run as a task, when the client declares the tasks extension. */
    @Override
    public TaskSupport taskSupport() {
        return TaskSupport.OPTIONAL;
    }

    @Override
    public ObjectNode call(ObjectNode arguments, McpCall call) {
        String message = text(arguments, "message", true);
        String conversation = text(arguments, "conversation_id", false);
        List<Turn> history = history(arguments.get("history"));
        Lifecycle.State state = lifecycle.state();
        if (state != Lifecycle.State.READY) {
            return ToolResults.error(ReadinessGate.message(state));
        }
        String key = conversation != null ? conversation : call.sessionId() != null ? call.sessionId() : call.taskId();
        Run run = newRun(key, history, call);
        RunOutcome outcome = null;
        int answered = AgentQuestions.answered(call);
        if (answered > 0) {
            Optional<String> reply = AgentQuestions.reply(call, answered);
            if (reply.isEmpty()) {
                return ToolResults.error("the client declined to answer the agent's question");
            }
            outcome = run.resume(run.sessionId(), TextNode.valueOf(reply.get()));
            if (answeredMeanwhile(outcome)) {
                return ToolResults.error("the agent's question was answered meanwhile, in another call");
            }
        } else if (ResumableAgent.canResume(runs.agent()) && run.followsPause()) {
            outcome = run.resume(run.sessionId(), TextNode.valueOf(message));
            if (answeredMeanwhile(outcome)) {          // e.g. through /resume: this message is a new turn
                outcome = null;
                run = newRun(key, history, call);
            }
        }
        if (outcome == null) {
            RunInput input = RunInput.of(message);
            outcome = call.reportsProgress()
                    ? run.stream(input, new ProgressEmitter(call, agentName, run.cancellation()))
                    : run.invoke(input);
        }
        if (outcome instanceof RunOutcome.Completed paused && paused.result().isInterrupted()
                && AgentQuestions.canAsk(call)) {
            AgentQuestions.ask(call, answered + 1, replyText(paused.result()));
        }
        return switch (outcome) {
            case RunOutcome.Completed completed -> ToolResults.text(replyText(completed.result()));
            case RunOutcome.Failed failed when failed.failure().kind() == AgentFailures.Kind.STORE_UNAVAILABLE ->
                    throw new StoreUnavailableException(failed.failure().message());
            case RunOutcome.Failed failed -> ToolResults.error(failed.failure().message());
        };
    }

    /**
     * The message's run, in its conversation. When that conversation's last turn paused for a human (its run id is
     * the conversation's, as the run engine keeps it), the message is the human's answer and continues that run.
     */
    private Run newRun(String key, List<Turn> history, McpCall call) {
        return runs.newRun(call.request()).operation(NAME).session(key).seedHistory(history).within(call.run()).build();
    }

    private static boolean answeredMeanwhile(RunOutcome resumed) {
        return resumed instanceof RunOutcome.Failed failed && failed.failure().kind() == AgentFailures.Kind.NOT_FOUND;
    }

    private static String replyText(RunResult result) {
        if (!result.isInterrupted()) {
            return result.outputText();
        }
        ObjectNode prompt = result.interrupt().prompt();
        JsonNode question = prompt == null ? null : prompt.get("question");
        return question != null && question.isTextual() ? question.asText()
                : Runs.interruptedOutput("", result.interrupt()).toString();
    }

    /** User and assistant messages paired into turns; other roles and malformed entries are skipped. */
    private static List<Turn> history(JsonNode history) {
        if (history == null || history.isNull()) {
            return List.of();
        }
        if (!history.isArray()) {
            throw new McpToolInputError("history must be an array of {role, content} messages");
        }
        List<Turn> turns = new ArrayList<>();
        String pending = null;
        for (JsonNode entry : history) {
            String role = entry.path("role").asText("");
            JsonNode content = entry.get("content");
            if (content == null || !content.isTextual()) {
                continue;
            }
            if (role.equals("user")) {
                pending = content.asText();
            } else if (role.equals("assistant") && pending != null) {
                turns.add(new Turn(JsonNodeFactory.instance.textNode(pending),
                        JsonNodeFactory.instance.textNode(content.asText()), Instant.now()));
                pending = null;
            }
        }
        return turns;
    }

    private static String text(ObjectNode arguments, String field, boolean required) {
        JsonNode value = arguments.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw new McpToolInputError(field + " is required");
            }
            return null;
        }
        if (!value.isTextual() || (required && value.asText().isBlank())) {
            throw new McpToolInputError(field + " must be a non-empty string");
        }
        return value.asText().isBlank() ? null : value.asText();
    }
}
