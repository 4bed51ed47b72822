package dev.agentport.parity.fuzz;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Sends generated requests to one target from a few clients at once, judging every answer. */
public final class FuzzRun {

    private static final int FINDINGS_SHOWN = 20;

    private final HostileRequests generator;
    private final FuzzOracle oracle;
    private final RawHttp http;

    public FuzzRun(HostileRequests generator, FuzzOracle oracle, String host, int port, Duration wait) {
        this.generator = generator;
        this.oracle = oracle;
        this.http = new RawHttp(host, port, wait);
    }

    /** The seed named by {@code fuzz.seed}: a number, {@code random} for a fresh one, or blank for the fixed one. */
    public static long seed(String property) {
        if (property.isBlank()) {
            return 20_260_301L;
        }
        return property.equals("random") ? new java.security.SecureRandom().nextLong() : Long.parseLong(property);
    }

    /**
     * What a run found: the failing requests (described so that they can be sent again), and figures.
     *
     * @param findings failing requests with the rules they broke and the answers, at most {@value FINDINGS_SHOWN}: the
     *                 first of each kind (the same rules broken by a request made from the same template)
     */
    public record Report(int sent, int failed, List<String> findings, Map<String, Integer> statuses, long millis,
                         long slowestMillis) {

        public String summary() {
            return sent + " requests in " + millis + " ms (slowest " + slowestMillis + " ms), " + failed
                    + " broke a rule; answers " + statuses;
        }
    }

    public Report run(int count, int clients) throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicLong slowest = new AtomicLong();
        Map<Integer, String> findings = new ConcurrentSkipListMap<>();
        Map<String, Integer> statuses = new ConcurrentSkipListMap<>();
        Set<String> kinds = ConcurrentHashMap.newKeySet();
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                workers.add(pool.submit(() -> {
                    for (int index = next.getAndIncrement(); index < count; index = next.getAndIncrement()) {
                        HostileRequest request = generator.get(index);
                        RawAnswer answer = http.send(request);
                        slowest.accumulateAndGet(answer.millis(), Math::max);
                        statuses.merge(answer.status() < 0 ? answer.outcome().name() : String.valueOf(
                                answer.status()), 1, Integer::sum);
                        List<String> broken = oracle.judge(request, answer);
                        if (!broken.isEmpty()) {
                            failed.incrementAndGet();
                            String kind = broken + " " + request.template();
                            if (findings.size() < FINDINGS_SHOWN && kinds.add(kind)) {
                                findings.put(index, broken + " for " + request.describe() + "\n--- answer: " + answer);
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> worker : workers) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return new Report(count, failed.get(), List.copyOf(findings.values()), new TreeMap<>(statuses),
                (System.nanoTime() - start) / 1_000_000, slowest.get());
    }

    /** Sends request {@code index} alone. */
    public Report one(int index) {
        HostileRequest request = generator.get(index);
        RawAnswer answer = http.send(request);
        List<String> broken = oracle.judge(request, answer);
        String shown = broken + " for " + request.describe() + "\n--- answer: " + answer;
        System.out.println(shown);
        return new Report(1, broken.isEmpty() ? 0 : 1, broken.isEmpty() ? List.of() : List.of(shown),
                Map.of(String.valueOf(answer.status()), 1), answer.millis(), answer.millis());
    }
}
