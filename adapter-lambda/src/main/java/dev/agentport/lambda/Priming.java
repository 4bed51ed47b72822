package dev.agentport.lambda;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import dev.agentport.session.InMemorySessionStore;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * SnapStart priming. Before Lambda takes the snapshot, runs the hot path a few times (health, an invoke and a short
 * stream, each through the full event mapping), so its classes are loaded and its code warm in the snapshot. After a
 * restore nothing needs re-seeding: session ids come from {@code UUID.randomUUID()}, whose SecureRandom Lambda's Java
 * runtimes keep unique per restored instance.
 *
 * <p>The user's agent and session store are never touched unless the agent opts in with
 * {@link Agent#allowsPriming()}: otherwise priming runs a throwaway core with the built-in default agent and a fresh
 * in-memory store, built with the same settings, so the same request path (auth included) gets warm.
 *
 * <p>Without a CRaC-enabled JVM (local runs, tests) registering does nothing.
 */
final class Priming implements Resource {

    private static final Logger LOG = LoggerFactory.getLogger(Priming.class);
    private static final int ROUNDS = 3;

    private final AgentPort core;
    private final boolean agentAllowsPriming;

    Priming(AgentPort core) {
        this.core = core;
        this.agentAllowsPriming = core.agent().allowsPriming();
    }

    /** Registers the priming hook; keep the result referenced, as CRaC contexts may hold resources weakly. */
    static Priming register(AgentPort core) {
        Priming priming = new Priming(core);
        Core.getGlobalContext().register(priming);
        return priming;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        prime(target());
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        LOG.info("restored from a SnapStart snapshot");
    }

    /** The core that priming calls: the served one when its agent allows priming, else a throwaway one. */
    AgentPort target() {
        if (agentAllowsPriming) {
            return core;
        }
        return AgentPort.builder()
                .agent(new DefaultAgent(Duration.ZERO))
                .config(core.config())
                .sessionStore(new InMemorySessionStore())
                .build()
                .startAndAwait();
    }

    /**
     * Runs health, invoke and stream through the event mapping; failures are logged, never thrown.
     *
     * @return the status of every primed request, in order
     */
    static List<Integer> prime(AgentPort core) {
        long started = System.nanoTime();
        List<Integer> statuses = new ArrayList<>();
        try {
            for (int i = 0; i < ROUNDS; i++) {
                statuses.add(core.handle(HttpRequest.builder("GET", "/health").build()).status());
                statuses.add(status(BufferedInvocation.handle(core, event(core, "/invoke"), soon())));
                statuses.add(status(BufferedInvocation.handle(core, event(core, "/stream"), soon())));
            }
            if (statuses.stream().allMatch(status -> status / 100 == 2)) {
                LOG.info("primed in {} ms", (System.nanoTime() - started) / 1_000_000);
            } else {
                LOG.warn("priming got answers other than 2xx: {}", statuses);
            }
        } catch (RuntimeException e) {
            LOG.warn("priming failed; the snapshot is taken without it", e);
        }
        return statuses;
    }

    private static Instant soon() {
        return Instant.now().plusSeconds(30);
    }

    private static int status(byte[] responseEvent) {
        try {
            return Json.parse(responseEvent).path("statusCode").asInt();
        } catch (IOException e) {
            throw new UncheckedIOException("a response event is always JSON", e);
        }
    }

    /** A payload 2.0 event posting {@code {"input":"priming"}} to {@code path}, with the bearer token if one is set. */
    static byte[] event(AgentPort core, String path) {
        ObjectNode event = Json.object();
        event.put("version", "2.0");
        event.put("routeKey", "$default");
        event.put("rawPath", path);
        event.put("rawQueryString", "");
        ObjectNode headers = event.putObject("headers");
        headers.put("content-type", "application/json");
        headers.put("user-agent", "agentport-priming");
        if (core.config().authEnabled()) {
            headers.put("authorization", "Bearer " + core.config().authToken());
        }
        ObjectNode context = event.putObject("requestContext");
        context.put("stage", "$default");
        context.put("requestId", "priming");
        ObjectNode http = context.putObject("http");
        http.put("method", "POST");
        http.put("path", path);
        http.put("sourceIp", "127.0.0.1");
        event.put("body", "{\"input\":\"priming\"}");
        event.put("isBase64Encoded", false);
        return Json.bytes(event);
    }
}
