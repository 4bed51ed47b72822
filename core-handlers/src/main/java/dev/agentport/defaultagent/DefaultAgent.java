package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.Progress;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.ResumeInput;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;
import dev.agentport.runtime.Runs;
import dev.agentport.runtime.Settings;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The agent served when the user supplies none. It needs no network and no keys, and shows every part of the
 * contract: it answers with what it was told (at most {@value Echo#MAX_WORDS} words of it) and what it remembers of
 * the session, lists the files and data it received, streams its reply word by word after a {@code step} while
 * reporting progress and status, pauses for approval when the input asks for it (the word "approve" or "approval"),
 * so that {@code /resume} can be tried with curl, and returns its reply as a {@code reply.md} artifact when asked to
 * ("write a file", "as a file"). It keeps the session within a token budget, compacting the oldest turns into a
 * one-line summary, and reports {@code contextUsage} on every run.
 */
public final class DefaultAgent implements ResumableAgent {

    public static final String NAME = "agentport-default-agent";
    public static final String VERSION = "0.1.0";
    public static final String AWAITING = "human_approval";
    /** Pause between streamed words, so a person watching sees them arrive one by one. */
    public static final Duration DEFAULT_WORD_DELAY = Duration.ofMillis(40);
    /** Tokens (about four characters each) the agent keeps of a session before it compacts the oldest turns. */
    public static final int DEFAULT_CONTEXT_BUDGET_TOKENS = 2_000;
    /** The smallest budget: room for the summary line and a turn or two. */
    public static final int MIN_CONTEXT_BUDGET_TOKENS = 100;

    private static final AgentDescriptor DESCRIPTOR = new AgentDescriptor(NAME, VERSION,
            "A built-in demo agent: echoes what it is told, remembers the session, streams word by word and "
                    + "asks for approval when asked to.",
            "agentport",
            List.of(new AgentDescriptor.Skill("echo", "Echo with memory",
                            "Repeats the input and recalls the previous turn of the same session.",
                            List.of("demo", "memory"), List.of("hello", "what did I say before?")),
                    new AgentDescriptor.Skill("approval", "Approval request",
                            "Pauses for a human's yes or no when the input asks for approval; continue it with the answer.",
                            List.of("demo", "human-in-the-loop"), List.of("please approve the refund")),
                    new AgentDescriptor.Skill("reply-file", "Reply as a file",
                            "Returns the reply as a reply.md artifact when asked to write a file.",
                            List.of("demo", "artifacts"), List.of("send me this as a file"))));

    private final Duration wordDelay;
    private final int contextBudgetTokens;
    private final TurnTexts turnTexts = new TurnTexts(TurnTexts.DEFAULT_MAX_CONVERSATIONS);

    public DefaultAgent(Duration wordDelay) {
        this(wordDelay, DEFAULT_CONTEXT_BUDGET_TOKENS);
    }

    public DefaultAgent(Duration wordDelay, int contextBudgetTokens) {
        if (contextBudgetTokens < MIN_CONTEXT_BUDGET_TOKENS) {
            throw new IllegalArgumentException("the context budget must be at least " + MIN_CONTEXT_BUDGET_TOKENS
                    + " tokens, got " + contextBudgetTokens);
        }
        this.wordDelay = wordDelay;
        this.contextBudgetTokens = contextBudgetTokens;
    }

    public DefaultAgent() {
        this(DEFAULT_WORD_DELAY);
    }

    /** The setting {@link #from(Settings)} reads for the pause between words. */
    public static final String WORD_DELAY_VARIABLE = "DEFAULT_AGENT_WORD_DELAY_MS";
    /** The setting {@link #from(Settings)} reads for the context budget. */
    public static final String CONTEXT_BUDGET_VARIABLE = "DEFAULT_AGENT_CONTEXT_BUDGET_TOKENS";
    private static final long MAX_WORD_DELAY_MS = 60_000;

    /** As {@link #from(Settings)}, with this process's environment. */
    public static DefaultAgent fromEnvironment() {
        return from(Settings.fromEnvironment());
    }

    /**
     * Reads {@code DEFAULT_AGENT_WORD_DELAY_MS} (default 40, at most 60000) and
     * {@code DEFAULT_AGENT_CONTEXT_BUDGET_TOKENS} (default 2000); an invalid value names the variable.
     */
    public static DefaultAgent from(Settings settings) {
        int budget = contextBudget(settings.get(CONTEXT_BUDGET_VARIABLE));
        String delay = settings.get(WORD_DELAY_VARIABLE);
        if (delay == null || delay.isBlank()) {
            return new DefaultAgent(DEFAULT_WORD_DELAY, budget);
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
        return new DefaultAgent(Duration.ofMillis(millis), budget);
    }

    private static int contextBudget(String budget) {
        if (budget == null || budget.isBlank()) {
            return DEFAULT_CONTEXT_BUDGET_TOKENS;
        }
        try {
            int tokens = Integer.parseInt(budget.strip());
            if (tokens >= MIN_CONTEXT_BUDGET_TOKENS) {
                return tokens;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(CONTEXT_BUDGET_VARIABLE + " must be a whole number of at least "
                + MIN_CONTEXT_BUDGET_TOKENS + ", got '" + budget + "'");
    }

    @Override
    public AgentDescriptor descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) {
        return answer(input, context).result();
    }

    /**
     * Streams the reply word by word after a {@code step}, reporting each phase as progress ("{name} step i (phase)")
     * and status, and sends the reply file as an artifact when one was asked for.
     */
    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws InterruptedException {
        String text = input.text();
        long total = asksForApproval(text) ? 2 : ReplyFile.asked(text) ? 4 : 3;
        emitter.status("reading the session");
        emitter.step("read the session", new SessionRead(context.history().size(), wordCount(text)).json());
        emitter.progress(progress(1, total));

        emitter.status("composing the reply");
        Answer answer = answer(input, context);
        if (answer.compacted()) {
            emitter.status("compacted the oldest turns into a summary");
        }
        emitter.progress(progress(2, total));
        RunResult result = answer.result();
        if (result.isInterrupted()) {
            emitter.status("waiting for a human's approval");
            return result;
        }

        emitter.status("streaming the reply");
        String reply = result.output().asText();
        for (int start = 0, end; start < reply.length(); start = end) {
            if (start > 0 && !wordDelay.isZero()) {
                Thread.sleep(wordDelay);
            }
            end = wordEnd(reply, start);
            emitter.delta(reply.substring(start, end));
        }
        emitter.progress(progress(3, total));

        for (Artifact artifact : result.artifacts()) {
            emitter.artifact(artifact);
            emitter.status("sent " + artifact.name());
        }
        if (!result.artifacts().isEmpty()) {
            emitter.progress(progress(4, total));
        }
        return result;
    }

    /** The phases the progress reports name, by step. */
    private static final String[] PHASES = {"session", "llm", "stream", "file"};
    /** Every report the agent makes, by total (2 to 4) and step: the same few on every run, made once. */
    private static final Progress[][] PROGRESS = progressReports();

    private static Progress progress(int step, long total) {
        return PROGRESS[(int) total - 2][step - 1];
    }

    private static Progress[][] progressReports() {
        Progress[][] reports = new Progress[3][];
        for (int total = 2; total <= 4; total++) {
            reports[total - 2] = new Progress[total];
            for (int step = 1; step <= total; step++) {
                reports[total - 2][step - 1] = new Progress(step, (long) total,
                        NAME + " step " + step + " (" + PHASES[step - 1] + ")");
            }
        }
        return reports;
    }

    /**
     * The run's result, whichever way it is asked for.
     *
     * @param result    the reply or the pause, with artifacts and {@code contextUsage}
     * @param compacted whether this turn made the context compact
     */
    private record Answer(RunResult result, boolean compacted) {
    }

    private Answer answer(RunInput input, RunContext context) {
        String text = input.text();
        ContextWindow before = window(context);
        int turn = context.history().size() + 1;
        if (asksForApproval(text)) {
            ObjectNode prompt = Json.object();
            prompt.put("question", "Approve \"" + Echo.of(text).text() + "\"? Answer yes or no.");
            ObjectNode state = Json.object();
            state.put("request", Echo.of(text).text());
            Interrupt interrupt = new Interrupt(List.of(AWAITING), prompt, state);
            ContextWindow after = before.add(
                    TurnText.of(input.value(), Runs.interruptedOutput(context.sessionId(), interrupt)));
            return new Answer(RunResult.builder().interrupt(interrupt).contextUsage(after.usage()).build(),
                    after.compactions() > before.compactions());
        }
        String reply = reply(input, before, turn);
        RunResult.Builder result = RunResult.builder();
        if (ReplyFile.asked(text)) {
            result.artifact(ReplyFile.artifact(reply, turn));
            String note = " Here it is as " + ReplyFile.NAME + ".";
            if (ReplyFile.save(context.workDir(), context.taskId(), reply)) {
                note += " I also saved it in the workspace as " + ReplyFile.relativePath(context.taskId()) + ".";
            }
            reply += note;
        }
        TurnText answered = TurnText.of(input.value(), TextNode.valueOf(reply));
        turnTexts.answered(context.sessionId(), input.value(), answered);
        ContextWindow after = before.add(answered);
        return new Answer(result.output(reply).contextUsage(after.usage()).build(),
                after.compactions() > before.compactions());
    }

    /** The context of the earlier turns, as this agent holds it. */
    private ContextWindow window(RunContext context) {
        return ContextWindow.of(turnTexts.of(context.sessionId(), context.history()), contextBudgetTokens);
    }

    @Override
    public RunResult resume(ResumeInput input, RunContext context) {
        String request = input.interrupt().state() == null ? "" : input.interrupt().state().path("request").asText();
        String reply = approved(input.humanInput())
                ? "Approved: \"" + request + "\". Done."
                : "Not approved: \"" + request + "\". Nothing was done.";
        ContextWindow after = window(context).add(TurnText.of(input.humanInput(), TextNode.valueOf(reply)));
        return RunResult.builder().output(reply).contextUsage(after.usage()).build();
    }

    static boolean asksForApproval(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.contains("approve") || lower.contains("approval");
    }

    /** {@code true}, "yes", "y", "ok", "approve(d)", or an object with {@code "approved": true}. */
    static boolean approved(JsonNode answer) {
        return ResumeInput.approves(answer);
    }

    /** The characters of {@link #reply}'s own words with both quotes and a turn number of up to ten digits. */
    private static final int REPLY_WORDING = 80;

    /**
     * "You said "...". Before that you said "...". This is turn N of this session.", with a note when the input was
     * cut, the files and data received, and the summary of the compacted turns when the input asks for a "recap".
     */
    static String reply(RunInput input, ContextWindow earlier, int turn) {
        Echo said = Echo.of(input.text());
        TurnText before = earlier.newest();
        // room for the usual reply at once, rather than growing (and copying) the builder three or four times
        StringBuilder reply = new StringBuilder(REPLY_WORDING + said.text().length()
                + (before == null ? 0 : before.input().length()));
        reply.append("You said \"").append(said.text()).append("\".").append(said.note())
                .append(ReceivedParts.describe(input));
        if (before != null) {
            reply.append(" Before that you said \"").append(before.input()).append("\".");
        }
        reply.append(" This is turn ").append(turn).append(" of this session.");
        if (input.text().toLowerCase(Locale.ROOT).contains("recap")) {
            reply.append(" Recap: ").append(earlier.summary() == null
                    ? "nothing is compacted yet; I hold all " + earlier.turns().size() + " earlier turns in full."
                    : earlier.summary().line());
        }
        return reply.toString();
    }

    /** Splits text into words, each but the first keeping its leading space, so the deltas join back exactly. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        for (int start = 0, end; start < text.length(); start = end) {
            end = wordEnd(text, start);
            words.add(text.substring(start, end));
        }
        return words;
    }

    /** How many words {@link #words} makes of {@code text}, without making them. */
    static int wordCount(String text) {
        int count = 0;
        for (int start = 0; start < text.length(); start = wordEnd(text, start)) {
            count++;
        }
        return count;
    }

    /** Where the word of {@link #words} beginning at {@code start} ends: at the next space after its first letter. */
    static int wordEnd(String text, int start) {
        int end = start + 1;
        while (end < text.length() && text.charAt(end) != ' ') {
            end++;
        }
        return end;
    }
}
