package dev.agentport.core;

import dev.agentport.AgentPort;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.RuntimeConfig;
import dev.agentport.session.InMemorySessionStore;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Requests that race for one conversation or one paused run: nothing is lost, nothing happens twice. */
class RaceRulesTest {

    @Test
    void of_a_hundred_concurrent_resumes_of_one_paused_run_exactly_one_continues_it() throws Exception {
        AtomicInteger resumed = new AtomicInteger();
        AgentPort port = port(new InMemorySessionStore());
        HttpResponse paused = port.handle(post("/invoke", "{\"input\":\"please approve\",\"session_id\":\"race-1\"}"));
        assertEquals(200, paused.status());
        List<Integer> statuses = race(100, () -> {
            HttpResponse answer = port.handle(post("/resume",
                    "{\"thread_id\":\"race-1\",\"human_input\":\"yes\"}"));
            if (answer.status() == 200) {
                resumed.incrementAndGet();
            }
            return answer.status();
        });
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(99, statuses.stream().filter(s -> s == 404).count(), statuses.toString());
        assertEquals(1, resumed.get());
    }

    @Test
    void fifty_concurrent_turns_on_one_session_are_all_recorded() throws Exception {
        InMemorySessionStore store = new InMemorySessionStore();
        AgentPort port = port(store);
        AtomicInteger n = new AtomicInteger();
        List<Integer> statuses = race(50, () -> port.handle(post("/invoke",
                "{\"input\":\"turn " + n.incrementAndGet() + "\",\"session_id\":\"busy-1\"}")).status());
        assertEquals(50, statuses.stream().filter(s -> s == 200).count());
        assertEquals(50, store.conversation("busy-1").version());
        assertEquals(50, store.history("busy-1").stream().map(t -> t.input().asText()).distinct().count());
    }

    private static AgentPort port(InMemorySessionStore store) throws Exception {
        AgentPort port = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO))
                .config(RuntimeConfig.fromEnvironment(Map.of())).sessionStore(store).build().startAndAwait();
        return port;
    }

    private static HttpRequest post(String path, String json) {
        return HttpRequest.builder("POST", path).header("Content-Type", "application/json").body(json).build();
    }

    private static List<Integer> race(int n, Callable<Integer> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<Integer> results = new ArrayList<>();
            for (Future<Integer> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
