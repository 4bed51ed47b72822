package dev.agentport.parity.store;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What one instance begins, another continues, when both keep their state in one Redis. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrossInstanceTest {

    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;
    private HttpTarget first;
    private HttpTarget second;

    @BeforeAll
    void startTwoServersOnOneStore() throws Exception {
        redis = RedisServer.start();
        a = SharedStore.server(redis);
        b = SharedStore.server(redis);
        first = SharedStore.target("a", a);
        second = SharedStore.target("b", b);
    }

    @AfterAll
    void stop() throws Exception {
        SharedStore.close(a, b, redis);
    }

    @Test
    void a_conversation_begun_on_one_instance_continues_on_the_other() throws Exception {
        Exchange one = Calls.invoke(first, "conv-1", "hello");
        assertEquals(200, one.status(), one::toString);
        assertTrue(one.json().path("output").asText().contains("turn 1 of this session"), one::toString);
        Exchange two = Calls.invoke(second, "conv-1", "and again");
        assertEquals(200, two.status(), two::toString);
        assertTrue(two.json().path("output").asText().contains("turn 2 of this session"), two::toString);
    }

    @Test
    void a_paused_agentbreeder_run_paused_on_one_instance_resumes_on_the_other_once() throws Exception {
        Exchange paused = Calls.invoke(first, "refund-1", "please approve the refund");
        assertEquals(200, paused.status(), paused::toString);
        assertTrue(paused.json().at("/metadata/interrupted").asBoolean(), paused::toString);
        Exchange resumed = Calls.resume(second, "refund-1", "yes");
        assertEquals(200, resumed.status(), resumed::toString);
        assertTrue(resumed.json().path("output").asText().startsWith("Approved"), resumed::toString);
        Exchange again = Calls.resume(first, "refund-1", "yes");
        assertEquals(404, again.status(), again::toString);
        assertEquals("THREAD_NOT_FOUND", again.json().at("/error/code").asText(), again::toString);
    }

    @Test
    void an_a2a_task_waiting_for_input_on_one_instance_is_answered_on_the_other() throws Exception {
        Exchange sent = Calls.a2aSend(first, "m-1", null, "please approve the transfer");
        JsonNode task = sent.json().at("/result/task");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.at("/status/state").asText(), sent::toString);
        String taskId = task.path("id").asText();
        Exchange seen = Calls.a2aGet(second, taskId);
        assertEquals("TASK_STATE_INPUT_REQUIRED", seen.json().at("/result/status/state").asText(), seen::toString);
        Exchange answered = Calls.a2aSend(second, "m-2", taskId, "yes");
        assertEquals("TASK_STATE_COMPLETED", answered.json().at("/result/task/status/state").asText(),
                answered::toString);
        Exchange done = Calls.a2aGet(first, taskId);
        assertEquals("TASK_STATE_COMPLETED", done.json().at("/result/status/state").asText(), done::toString);
    }

    @Test
    void an_mcp_session_begun_on_one_instance_continues_and_ends_on_the_other() throws Exception {
        Exchange initialized = Calls.mcpInitialize(first);
        assertEquals(200, initialized.status(), initialized::toString);
        String sessionId = initialized.header("Mcp-Session-Id");
        assertNotNull(sessionId, initialized::toString);
        Exchange one = Calls.mcpSendMessage(second, sessionId, "hello");
        assertEquals(200, one.status(), one::toString);
        assertTrue(one.json().at("/result/content/0/text").asText().contains("turn 1 of this session"),
                one::toString);
        Exchange two = Calls.mcpSendMessage(first, sessionId, "and again");
        assertTrue(two.json().at("/result/content/0/text").asText().contains("turn 2 of this session"),
                two::toString);
        assertEquals(204, Calls.mcpEnd(second, sessionId).status());
        assertEquals(404, Calls.mcpEnd(first, sessionId).status());
        assertEquals(404, Calls.mcpSendMessage(first, sessionId, "too late").status());
    }
}
