package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.ContextUsage;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Daedalus level 3: the default agent keeps a session within its token budget and reports how full it is. */
class ContextCompactionTest {

    private static final int BUDGET = 300;

    @Test
    void every_run_reports_context_usage_paused_and_resumed_runs_included() throws Exception {
        Session session = new Session(new DefaultAgent(Duration.ZERO, BUDGET), "usage");
        RunResult first = session.say("hello");
        String reply = "You said \"hello\". This is turn 1 of this session.";
        assertEquals(usage((5 + 3) / 4 + (reply.length() + 3) / 4, 1, 0), first.metadata().get("contextUsage"));
        RunResult paused = session.say("please approve the refund");
        assertTrue(paused.isInterrupted());
        assertEquals(2, paused.metadata().get("contextUsage").get("turnCount").asInt());
        RunResult resumed = session.resume("yes");
        assertEquals(3, resumed.metadata().get("contextUsage").get("turnCount").asInt());
    }

    @Test
    void a_long_conversation_compacts_with_a_rising_count_and_usage_drops_after_each_compaction() throws Exception {
        Session session = new Session(new DefaultAgent(Duration.ZERO, BUDGET), "long");
        List<JsonNode> usages = new ArrayList<>();
        for (int turn = 1; turn <= 30; turn++) {
            usages.add(session.say("message " + turn + " talks about the weather and the sea").metadata()
                    .get("contextUsage"));
        }
        int compactions = 0;
        for (int i = 1; i < usages.size(); i++) {
            JsonNode before = usages.get(i - 1);
            JsonNode now = usages.get(i);
            assertEquals(i + 1, now.get("turnCount").asInt());
            int count = now.get("compactionCount").asInt();
            assertTrue(count >= before.get("compactionCount").asInt(), usages.toString());
            if (count > before.get("compactionCount").asInt()) {
                compactions++;
                assertTrue(now.get("usagePercent").asDouble() < before.get("usagePercent").asDouble(),
                        "turn " + (i + 1) + ": " + before + " then " + now);
            }
            assertTrue(now.get("usagePercent").asDouble() <= 100.0);
        }
        assertTrue(compactions >= 3, usages.toString());
        assertEquals(compactions, usages.getLast().get("compactionCount").asInt());
    }

    @Test
    void two_instances_given_the_same_history_report_the_same_usage() throws Exception {
        Session session = new Session(new DefaultAgent(Duration.ZERO, BUDGET), "twins");
        for (int turn = 1; turn <= 12; turn++) {
            session.say("turn " + turn + " of a conversation that goes on");
        }
        RunContext context = session.context();
        RunResult one = new DefaultAgent(Duration.ZERO, BUDGET).invoke(RunInput.of("and now?"), context);
        RunResult other = new DefaultAgent(Duration.ofMillis(7), BUDGET).invoke(RunInput.of("and now?"), context);
        assertTrue(one.metadata().get("contextUsage").get("compactionCount").asInt() > 0);
        assertEquals(one.metadata(), other.metadata());
        assertEquals(one.output(), other.output());
    }

    @Test
    void the_compacted_turns_become_one_summary_line_that_a_recap_uses() throws Exception {
        Session session = new Session(new DefaultAgent(Duration.ZERO, BUDGET), "recap");
        session.say("first\nwe talk about\tboats and the harbour at dawn");
        for (int turn = 2; turn <= 10; turn++) {
            session.say("then turn " + turn + " about something else entirely");
        }
        String reply = session.say("give me a recap").outputText();
        assertTrue(reply.contains(" Recap: Turns 1 to "), reply);
        assertTrue(reply.contains(" (compacted): you began with \"first we talk about boats and ...\" and then "
                + "said \"then turn "), reply);
        assertFalse(reply.contains("\n"), reply);
    }

    @Test
    void before_any_compaction_a_recap_says_every_turn_is_held_in_full() throws Exception {
        Session session = new Session(new DefaultAgent(Duration.ZERO, BUDGET), "recap-early");
        session.say("hi");
        assertTrue(session.say("recap?").outputText()
                .endsWith(" Recap: nothing is compacted yet; I hold all 1 earlier turns in full."));
    }

    @Test
    void a_budget_below_100_tokens_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> new DefaultAgent(Duration.ZERO, 99));
    }

    private static JsonNode usage(long tokens, int turns, int compactions) {
        return new ContextUsage(tokens, turns, compactions, Math.round(1000.0 * tokens / BUDGET) / 10.0).toJson();
    }
}
