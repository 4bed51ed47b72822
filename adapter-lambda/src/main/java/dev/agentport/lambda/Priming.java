package dev.agentport.lambda;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.http.HttpRequest;
import dev.agentport.json.Json;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;

/**
 * SnapStart priming. Before Lambda takes the snapshot, runs the hot path a few times (health, an invoke and a short
 * stream on the agent, each through the full event mapping), so its classes are loaded and its code warm in the
 * snapshot. After a restore nothing needs re-seeding: session ids come from {@code UUID.randomUUID()}, whose
 * SecureRandom Lambda's Java runtimes keep unique per restored instance.
 *
 * <p>Without a CRaC-enabled JVM (local runs, tests) registering does nothing.
 */
final class Priming implements Resource {

    private static final Logger LOG = LoggerFactory.getLogger(Priming.class);
    private static final int ROUNDS = 3;

    private final AgentPort core;

    private Priming(AgentPort core) {
        this.core = core;
    }

    /** Registers the priming hook; keep the result referenced, as CRaC contexts may hold resources weakly. */
    static Priming register(AgentPort core) {
        Priming priming = new Priming(core);
        Core.getGlobalContext().register(priming);
        return priming;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        prime(core);
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        LOG.info("restored from a SnapStart snapshot");
    }

    /** Runs health, invoke and stream through the event mapping; failures are logged, never thrown. */
    static void prime(AgentPort core) {
        long started = System.nanoTime();
        try {
            for (int i = 0; i < ROUNDS; i++) {
                core.handle(HttpRequest.builder("GET", "/health").build());
                BufferedInvocation.handle(core, event(core, "/invoke"), Instant.now().plusSeconds(30));
                BufferedInvocation.handle(core, event(core, "/stream"), Instant.now().plusSeconds(30));
            }
            LOG.info("primed in {} ms", (System.nanoTime() - started) / 1_000_000);
        } catch (RuntimeException e) {
            LOG.warn("priming failed; the snapshot is taken without it", e);
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
