package dev.agentport.parity.store;

import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;
import dev.agentport.json.Json;
import dev.agentport.parity.interop.ServerJar;
import dev.agentport.store.redis.RedisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests racing for one conversation or one paused run, split across two instances on one Redis. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CrossInstanceRaceTest {

    private RedisServer redis;
    private ServerJar a;
    private ServerJar b;
    private List<HttpTarget> targets;

    @BeforeAll
    void startTwoServersOnOneStore() throws Exception {
        redis = RedisServer.start();
        a = SharedStore.server(redis);
        b = SharedStore.server(redis);
        targets = List.of(SharedStore.target("a", a), SharedStore.target("b", b));
    }

    @AfterAll
    void stop() throws Exception {
        SharedStore.close(a, b, redis);
    }

    @Test
    void of_a_hundred_concurrent_resumes_on_two_instances_exactly_one_continues_the_run() throws Exception {
        Exchange paused = Calls.invoke(targets.get(0), "race-1", "please approve the refund");
        assertTrue(paused.json().at("/metadata/interrupted").asBoolean(), paused::toString);
        List<Exchange> answers = race(100, i -> Calls.resume(targets.get(i % 2), "race-1", "yes"));
        assertEquals(1, answers.stream().filter(answer -> answer.status() == 200).count(), answers::toString);
        for (Exchange answer : answers) {
            if (answer.status() != 200) {
                assertEquals(404, answer.status(), answer::toString);
                assertEquals("THREAD_NOT_FOUND", answer.json().at("/error/code").asText(), answer::toString);
            }
        }
    }

    @Test
    void fifty_concurrent_turns_of_one_session_on_two_instances_are_all_recorded_once() throws Exception {
        List<Exchange> answers = race(50, i -> Calls.invoke(targets.get(i % 2), "busy-1", "turn-" + i));
        for (Exchange answer : answers) {
            assertEquals(200, answer.status(), answer::toString);
        }
        List<String> inputs = new ArrayList<>();
        try (Jedis jedis = new Jedis("127.0.0.1", redis.port)) {
            for (String turn : jedis.lrange("agentport:turns:busy-1", 0, -1)) {
                inputs.add(Json.parse(turn.getBytes(java.nio.charset.StandardCharsets.UTF_8)).path("input").asText());
            }
            assertEquals("50", jedis.get("agentport:conv:busy-1"));
        }
        assertEquals(50, inputs.size(), inputs::toString);
        assertEquals(50, inputs.stream().distinct().count(), inputs::toString);
        Exchange next = Calls.invoke(targets.get(1), "busy-1", "one more");
        assertTrue(next.json().path("output").asText().contains("turn 51 of this session"), next::toString);
    }

    /** Sends {@code n} requests at once, released together, and returns their answers. */
    private static List<Exchange> race(int n, Request request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Exchange>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(pool.submit((Callable<Exchange>) () -> {
                    start.await();
                    return request.send(index);
                }));
            }
            start.countDown();
            List<Exchange> answers = new ArrayList<>();
            for (Future<Exchange> future : futures) {
                answers.add(future.get());
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface Request {
        Exchange send(int index) throws Exception;
    }
}
