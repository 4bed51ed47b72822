package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.agent.Turn;
import dev.agentport.json.Json;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The agent served when the user supplies none. It needs no network and no keys, and shows every part of the
 * contract: it answers with what it was told and what it remembers of the session, streams its reply word by word
 * after a {@code step}, and pauses for approval when the input asks for it (the word "approve" or "approval"), so
 * that {@code /resume} can be tried with curl.
 */
public final class DefaultAgent implements Agent {

    public static final String NAME = "agentport-default-agent";
    public static final String VERSION = "0.1.0";
    public static final String AWAITING = "human_approval";
    /** Pause between streamed words, so a person watching sees them arrive one by one. */
    public static final Duration DEFAULT_WORD_DELAY = Duration.ofMillis(40);

    private static final AgentDescriptor DESCRIPTOR = new AgentDescriptor(NAME, VERSION,
            "A built-in demo agent: echoes what it is told, remembers the session, streams word by word and "
                    + "asks for approval when asked to.",
            "agentport",
            List.of(new AgentDescriptor.Skill("echo", "Echo with memory",
                            "Repeats the input and recalls the previous turn of the same session.",
                            List.of("demo", "memory"), List.of("hello", "what did I say before?")),
                    new AgentDescriptor.Skill("approval", "Approval request",
                            "Pauses for a human's yes or no when the input asks for approval; resume with /resume.",
                            List.of("demo", "human-in-the-loop"), List.of("please approve the refund"))));

    private final Duration wordDelay;

    public DefaultAgent(Duration wordDelay) {
        this.wordDelay = wordDelay;
    }

    public DefaultAgent() {
        this(DEFAULT_WORD_DELAY);
    }

    /** The setting {@link #fromEnvironment()} reads. */
    public static final String WORD_DELAY_VARIABLE = "DEFAULT_AGENT_WORD_DELAY_MS";
    private static final long MAX_WORD_DELAY_MS = 60_000;

    /** Reads {@code DEFAULT_AGENT_WORD_DELAY_MS} (default 40, at most 60000); an invalid value names the variable. */
    public static DefaultAgent fromEnvironment() {
        String delay = System.getenv(WORD_DELAY_VARIABLE);
        if (delay == null || delay.isBlank()) {
            return new DefaultAgent();
        }
        long millis;
        try {
            millis = Long.parseLong(delay.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(WORD_DELAY_VARIABLE + " must be a whole number of milliseconds, got '"
                    + delay.strip() + "'");
        }
        if (millis < 0 || millis > MAX_WORD_DELAY_MS) {
            throw new IllegalArgumentException(WORD_DELAY_VARIABLE + " must be between 0 and " + MAX_WORD_DELAY_MS
                    + ", got " + millis);
        }
        return new DefaultAgent(Duration.ofMillis(millis));
    }

    @Override
    public AgentDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) {
        String text = input.text();
        if (asksForApproval(text)) {
            ObjectNode prompt = Json.object();
            prompt.put("question", "Approve \"" + text + "\"? Answer yes or no with /resume.");
            ObjectNode state = Json.object();
            state.put("request", text);
            return RunResult.interrupted(List.of(AWAITING), prompt, state);
        }
        return RunResult.of(reply(text, context.history()));
    }

    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws InterruptedException {
        ObjectNode seen = Json.object();
        seen.put("earlier_turns", context.history().size());
        seen.put("words", words(input.text()).size());
        emitter.step("read the session", seen);
        RunResult result = invoke(input, context);
        if (result.isInterrupted()) {
            return result;
        }
        List<String> words = words(result.output().asText());
        for (int i = 0; i < words.size(); i++) {
            if (i > 0 && !wordDelay.isZero()) {
                Thread.sleep(wordDelay);
            }
            emitter.delta(words.get(i));
        }
        return result;
    }

    @Override
    public boolean supportsResume() {
        return true;
    }

    @Override
    public RunResult resume(ResumeInput input, RunContext context) {
        String request = input.interrupt().state() == null ? "" : input.interrupt().state().path("request").asText();
        return RunResult.of(approved(input.humanInput())
                ? "Approved: \"" + request + "\". Done."
                : "Not approved: \"" + request + "\". Nothing was done.");
    }

    static boolean asksForApproval(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.contains("approve") || lower.contains("approval");
    }

    /** {@code true}, "yes", "y", "ok", "approve(d)", or an object with {@code "approved": true}. */
    static boolean approved(JsonNode answer) {
        if (answer == null) {
            return false;
        }
        if (answer.isBoolean()) {
            return answer.asBoolean();
        }
        if (answer.isObject()) {
            return answer.path("approved").asBoolean(false);
        }
        String text = answer.asText("").strip().toLowerCase(Locale.ROOT);
        return text.equals("yes") || text.equals("y") || text.equals("ok") || text.startsWith("approve");
    }

    static String reply(String text, List<Turn> history) {
        StringBuilder reply = new StringBuilder("You said \"").append(text).append("\".");
        if (!history.isEmpty()) {
            Turn last = history.get(history.size() - 1);
            reply.append(" Before that you said \"").append(last.input().isTextual()
                    ? last.input().asText() : new RunInput(last.input()).text()).append("\".");
        }
        reply.append(" This is turn ").append(history.size() + 1).append(" of this session.");
        return reply.toString();
    }

    /** Splits text into words, each but the first keeping its leading space, so the deltas join back exactly. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        int start = 0;
        for (int i = 1; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == ' ') {
                if (i > start) {
                    words.add(text.substring(start, i));
                }
                start = i;
            }
        }
        return words;
    }
}
