package dev.agentport.parity.store;

import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis stops for a few seconds under two running instances, then comes back with what it had written (append-only
 * file, every write synced). Meanwhile no request reports a success; afterwards nothing is half-written and both
 * instances serve again without a restart.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoreOutageTest {

    private static final Duration OUTAGE = Duration.ofSeconds(4);
    /** Connect and socket timeouts are 2 s each: a request during the outage answers well within this. */
    private static final Duration PROMPT = Duration.ofSeconds(10);

    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;
    private HttpTarget first;
    private HttpTarget second;
    private String taskId;
    private String mcpSession;
    private final Map<String, Exchange> duringOutage = new LinkedHashMap<>();
    private final Map<String, Duration> took = new LinkedHashMap<>();

    @BeforeAll
    void stopRedisUnderTwoServersAndStartItAgain() throws Exception {
        redis = RedisServer.start("--appendonly", "yes", "--appendfsync", "always");
        a = SharedStore.server(redis);
        b = SharedStore.server(redis);
        first = SharedStore.target("a", a);
        second = SharedStore.target("b", b);

        assertEquals(200, Calls.invoke(first, "outage-1", "hello").status());
        assertTrue(Calls.invoke(second, "outage-refund", "please approve the refund").json()
                .at("/metadata/interrupted").asBoolean());
        taskId = Calls.a2aSend(first, "m-1", null, "please approve the transfer").json().at("/result/task/id")
                .asText();
        mcpSession = Calls.mcpInitialize(second).header("Mcp-Session-Id");

        redis.kill();
        Instant stopped = Instant.now();
        during("invoke on a", () -> Calls.invoke(first, "outage-1", "lost?"));
        during("invoke on b", () -> Calls.invoke(second, "outage-1", "lost too?"));
        during("resume on a", () -> Calls.resume(first, "outage-refund", "yes"));
        during("A2A answer on b", () -> Calls.a2aSend(second, "m-2", taskId, "yes"));
        during("MCP send_message on a", () -> Calls.mcpSendMessage(first, mcpSession, "hello"));
        Duration left = OUTAGE.minus(Duration.between(stopped, Instant.now()));
        if (!left.isNegative()) {
            Thread.sleep(left.toMillis());
        }
        redis.restart();
        awaitServing(first);
        awaitServing(second);
    }

    @AfterAll
    void stop() throws Exception {
        SharedStore.close(a, b, redis);
    }

    @Test
    void while_the_store_is_down_no_request_reports_a_success() {
        duringOutage.forEach((call, answer) -> {
            assertFalse(answer.status() >= 200 && answer.status() < 300 && !answer.json().has("error"),
                    call + " reported a success: " + answer);
            assertFalse(answer.json().has("result") && !answer.json().at("/result/isError").asBoolean(false),
                    call + " answered a result: " + answer);
        });
    }

    @Test
    void while_the_store_is_down_every_request_is_answered_promptly() {
        took.forEach((call, time) -> assertTrue(time.compareTo(PROMPT) < 0, call + " took " + time));
    }

    @Test
    void while_the_store_is_down_requests_get_503() {
        duringOutage.forEach((call, answer) -> assertEquals(503, answer.status(), call + ": " + answer));
    }

    @Test
    void after_the_outage_the_conversation_has_only_the_turns_that_succeeded() throws Exception {
        Exchange next = Calls.invoke(second, "outage-1", "still there?");
        assertEquals(200, next.status(), next::toString);
        assertTrue(next.json().path("output").asText().contains("turn 2 of this session"), next::toString);
    }

    @Test
    void after_the_outage_the_paused_run_a_failed_resume_left_is_resumed_once() throws Exception {
        Exchange resumed = Calls.resume(first, "outage-refund", "yes");
        assertEquals(200, resumed.status(), resumed::toString);
        assertTrue(resumed.json().path("output").asText().startsWith("Approved"), resumed::toString);
        assertEquals(404, Calls.resume(second, "outage-refund", "yes").status());
    }

    @Test
    void after_the_outage_the_task_still_waits_for_its_answer_and_takes_it() throws Exception {
        Exchange answered = Calls.a2aSend(first, "m-3", taskId, "yes");
        assertEquals("TASK_STATE_COMPLETED", answered.json().at("/result/task/status/state").asText(),
                answered::toString);
    }

    @Test
    void after_the_outage_the_mcp_session_continues() throws Exception {
        Exchange answer = Calls.mcpSendMessage(second, mcpSession, "hello again");
        assertEquals(200, answer.status(), answer::toString);
        assertTrue(answer.json().at("/result/content/0/text").asText().contains("turn 1 of this session"),
                answer::toString);
    }

    private void during(String call, Request request) throws Exception {
        Instant start = Instant.now();
        duringOutage.put(call, request.send());
        took.put(call, Duration.between(start, Instant.now()));
    }

    /** Waits until an instance reads the store again (pooled connections the restart broke fail once each). */
    private void awaitServing(HttpTarget target) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (Instant.now().isBefore(deadline)) {
            Exchange task = Calls.a2aGet(target, taskId);
            if (task.json().has("result")) {
                assertEquals("TASK_STATE_INPUT_REQUIRED", task.json().at("/result/status/state").asText(),
                        task::toString);
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(target + " did not serve again within 30 s of the store's return");
    }

    @FunctionalInterface
    private interface Request {
        Exchange send() throws Exception;
    }
}
