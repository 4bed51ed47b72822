package dev.agentport.contract;

import dev.agentport.AgentPort;
import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.Body;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.runtime.RuntimeConfig;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The core called directly, with no server: what every adapter must reproduce. */
public final class InProcessTarget implements Target {

    private final AgentPort core;

    public InProcessTarget(Agent agent, Map<String, String> env) {
        this(agent, env, true);
    }

    /** @param awaitLoad load the agent before returning; when false it loads in the background */
    public InProcessTarget(Agent agent, Map<String, String> env, boolean awaitLoad) {
        AgentPort port = AgentPort.builder().agent(agent).config(RuntimeConfig.fromEnvironment(env)).build();
        this.core = awaitLoad ? port.startAndAwait() : port.start();
    }

    /** A core assembled by the caller (faces of its own, shared stores), loaded before it is returned. */
    public InProcessTarget(AgentPort core) {
        this.core = core.startAndAwait();
    }

    /** The default agent with the suite's environment. */
    public InProcessTarget() {
        this(new DefaultAgent(Duration.ofMillis(Long.parseLong(ContractCases.ENV.get("DEFAULT_AGENT_WORD_DELAY_MS")))),
                ContractCases.ENV);
    }

    public AgentPort core() {
        return core;
    }

    @Override
    public String name() {
        return "core";
    }

    @Override
    public Exchange send(CaseRequest request) throws Exception {
        int query = request.path().indexOf('?');
        HttpRequest.Builder core = HttpRequest.builder(request.method(),
                        query < 0 ? request.path() : request.path().substring(0, query))
                .rawQuery(query < 0 ? "" : request.path().substring(query + 1))
                .remoteAddress("127.0.0.1");
        request.headers().forEach(header -> core.header(header.getKey(), header.getValue()));
        if (request.body() != null) {
            core.body(request.body());
        }
        HttpResponse response = this.core.handle(core.build());
        Map<String, List<String>> headers = new LinkedHashMap<>();
        response.headers().forEach((name, values) -> headers.put(name, new ArrayList<>(values)));
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        List<SseEvent> events = new ArrayList<>();
        switch (response.body()) {
            case Body.Bytes bytes -> body.write(bytes.bytes());
            case Body.EventStream stream -> stream.writer().writeTo(frame -> {
                body.write(frame);
                events.addAll(Exchange.parseEvents(new String(frame, java.nio.charset.StandardCharsets.UTF_8),
                        System.nanoTime()));
            });
        }
        return new Exchange(name(), request, response.status(), headers, body.toByteArray(), events);
    }
}
