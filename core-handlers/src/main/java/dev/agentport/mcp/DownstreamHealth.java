package dev.agentport.mcp;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Probes every downstream server at once, each with its own timeout (3 s), and answers within the health budget
 * (800 ms) whatever they do: a probe still running at the budget's end counts by the last result it had, or as not
 * answering when it has none yet, and keeps running so that the next check can use its result. A new check starts no
 * second probe of a server whose probe is still running.
 */
final class DownstreamHealth {

    /** One server's state in a check. */
    record Status(String name, boolean reachable, String problem) {
    }

    private final List<Downstream> servers;
    private final DownstreamProbe probe;
    private final Duration probeTimeout;
    private final Duration budget;
    private final Map<String, CompletableFuture<DownstreamProbe.Outcome>> running = new ConcurrentHashMap<>();
    private final Map<String, DownstreamProbe.Outcome> last = new ConcurrentHashMap<>();
    private final Executor executor = Executors.newVirtualThreadPerTaskExecutor();

    DownstreamHealth(List<Downstream> servers, DownstreamProbe probe, Duration probeTimeout, Duration budget) {
        this.servers = List.copyOf(servers);
        this.probe = probe;
        this.probeTimeout = probeTimeout;
        this.budget = budget;
    }

    List<Status> check() {
        Instant end = Instant.now().plus(budget);
        Map<String, CompletableFuture<DownstreamProbe.Outcome>> probes = new java.util.LinkedHashMap<>();
        for (Downstream server : servers) {
            probes.put(server.name(), running.compute(server.name(),
                    (name, current) -> current == null || current.isDone() ? start(server) : current));
        }
        List<Status> statuses = new ArrayList<>();
        for (Downstream server : servers) {
            DownstreamProbe.Outcome outcome = await(probes.get(server.name()), end);
            if (outcome == null) {
                outcome = last.getOrDefault(server.name(), DownstreamProbe.Outcome.unreachable(
                        "no answer within " + budget.toMillis() + " ms"));
            }
            statuses.add(new Status(server.name(), outcome.reachable(), outcome.problem()));
        }
        return statuses;
    }

    private CompletableFuture<DownstreamProbe.Outcome> start(Downstream server) {
        CompletableFuture<DownstreamProbe.Outcome> future = CompletableFuture.supplyAsync(
                () -> probe.probe(server.url(), probeTimeout), executor);
        future.whenComplete((outcome, error) -> {
            last.put(server.name(), outcome != null ? outcome
                    : DownstreamProbe.Outcome.unreachable("the probe failed"));
            running.remove(server.name(), future);
        });
        return future;
    }

    private static DownstreamProbe.Outcome await(CompletableFuture<DownstreamProbe.Outcome> probe, Instant end) {
        long nanos = Duration.between(Instant.now(), end).toNanos();
        try {
            return nanos <= 0 ? probe.getNow(null) : probe.get(nanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            return null;
        }
    }
}
