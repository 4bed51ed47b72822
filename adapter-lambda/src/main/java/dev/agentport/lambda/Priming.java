package dev.agentport.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.base.IdBytes;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.Json;
import dev.agentport.priming.PrimingRequests;
import dev.agentport.priming.PrimingRun;
import dev.agentport.store.StateStores;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * SnapStart priming. Before Lambda takes the snapshot, runs the hot path a few times (health and the main calls of
 * every enabled face, synchronous and streamed, as {@link PrimingRequests} lists them, each through the full event
 * mapping), so its classes are loaded and its code warm in the snapshot. Ids (sessions, traces, requests) are cut
 * from blocks of the kernel's random bytes ({@link IdBytes}), which a restored instance reads anew;
 * the bytes already drawn are in the snapshot, the same in every instance, so they are thrown away on restore.
 *
 * <p>The user's agent and state stores are never touched unless the agent opts in with
 * {@link Agent#allowsPriming()}: otherwise priming runs a throwaway core with the built-in default agent and fresh
 * in-memory state stores (conversations, tasks, MCP sessions), built with the same settings, so the same request path
 * (auth included) gets warm.
 *
 * <p>The hook is registered only when Lambda initialises the function for a SnapStart snapshot
 * ({@code AWS_LAMBDA_INITIALIZATION_TYPE=snap-start}): an on-demand cold start loads none of CRaC's classes and builds
 * no throwaway core. Without a CRaC-enabled JVM (local runs, tests) registering does nothing.
 */
final class Priming implements Resource {

    private static final Logger LOG = LoggerFactory.getLogger(Priming.class);
    private static final int ROUNDS = 3;
    /** Lambda's variable naming how this execution environment is initialised. */
    static final String INITIALIZATION_TYPE = "AWS_LAMBDA_INITIALIZATION_TYPE";
    static final String SNAP_START = "snap-start";

    private final AgentPort core;
    private final boolean agentAllowsPriming;

    Priming(AgentPort core) {
        this.core = core;
        this.agentAllowsPriming = core.agent().allowsPriming();
    }

    /** Whether Lambda is initialising this environment for a SnapStart snapshot, as these variables say. */
    static boolean forSnapshot(Map<String, String> environment) {
        return SNAP_START.equals(environment.get(INITIALIZATION_TYPE));
    }

    /**
     * Registers the priming hook when the environment is initialised for a SnapStart snapshot; keep the result
     * referenced, as CRaC contexts may hold resources weakly.
     *
     * @return the registered hook, or {@code null} for any other initialisation (on-demand, provisioned concurrency)
     */
    static Priming register(AgentPort core, Map<String, String> environment) {
        if (!forSnapshot(environment)) {
            return null;
        }
        Priming priming = new Priming(core);
        Core.getGlobalContext().register(priming);
        return priming;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        prime(target());
        IdBytes.discard();
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        // Every instance restored from this snapshot holds the same drawn bytes: handing them out would repeat ids
        IdBytes.discard();
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
                .stateStores(StateStores.inMemory(core.config().stateTtl()))
                .build()
                .startAndAwait();
    }

    /**
     * Runs the priming requests of every enabled face through the event mapping; failures are logged, never thrown.
     *
     * @return the status of every primed request, in order
     */
    static List<Integer> prime(AgentPort core) {
        long started = System.nanoTime();
        List<Integer> statuses = new ArrayList<>();
        try {
            List<HttpRequest> requests = PrimingRequests.forFaces(core.faces(), core.config());
            for (int i = 0; i < ROUNDS; i++) {
                statuses.addAll(PrimingRun.run(requests, request -> answer(core, request)));
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

    /** The request as a payload 2.0 event, served as an invocation is; the answer's status and headers. */
    private static HttpResponse answer(AgentPort core, HttpRequest request) {
        JsonNode answer;
        try {
            answer = Json.parse(BufferedInvocation.handle(core, event(request), Instant.now().plusSeconds(30)));
        } catch (IOException e) {
            throw new UncheckedIOException("a response event is always JSON", e);
        }
        HttpResponse.Builder response = HttpResponse.builder(answer.path("statusCode").asInt());
        answer.path("headers").properties().forEach(header -> response.header(header.getKey(),
                header.getValue().asText()));
        return response.build();
    }

    /** A payload 2.0 event carrying {@code request}, as a Function URL or an HTTP API sends it. */
    static byte[] event(HttpRequest request) {
        ObjectNode event = Json.object();
        event.put("version", "2.0");
        event.put("routeKey", "$default");
        event.put("rawPath", request.path());
        event.put("rawQueryString", request.rawQuery());
        ObjectNode headers = event.putObject("headers");
        request.headers().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                String.join(",", values)));
        ObjectNode context = event.putObject("requestContext");
        context.put("stage", "$default");
        context.put("requestId", "priming");
        ObjectNode http = context.putObject("http");
        http.put("method", request.method());
        http.put("path", request.path());
        http.put("sourceIp", "127.0.0.1");
        event.put("body", new String(request.body(), StandardCharsets.UTF_8));
        event.put("isBase64Encoded", false);
        return Json.bytes(event);
    }
}
