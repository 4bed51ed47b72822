package dev.agentport.daedalus;

import dev.agentport.a2a.tasks.TaskRunners;
import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.card.AgentCard;
import dev.agentport.face.ErrorShape;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.face.FaceRoutes;
import dev.agentport.runtime.ReadinessGate;

import java.util.Optional;

/**
 * The Daedalus Runtime Contract v1, conformance level 3: {@code POST /} takes a bare A2A {@code SendMessageRequest}
 * and answers a {@code Task} (or its events), {@code /.well-known/agent-card.json} is the A2A card,
 * {@code /runtime-contract.json} the manifest, and {@code /health} is this face's when
 * {@code AGENT_HEALTH_FORMAT=daedalus}. {@code POST /} is wrapped by the bearer check, then the readiness gate; the
 * card, the manifest and the health probe stay open.
 */
public final class DaedalusFace implements Face {

    public static final String NAME = "daedalus";
    static final String TASKS = "/";
    static final String AGENT_CARD = "/.well-known/agent-card.json";
    static final String HEALTH = "/health";

    private static final ErrorShape ERRORS = new DaedalusErrors();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void describe(FaceContext context, AgentCard.Builder card) {
        card.streaming(true);
        card.addInterface(new AgentCard.Interface(TASKS, NAME, "v1"));
    }

    @Override
    public void mount(FaceContext context) {
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), DaedalusErrors::refuse);
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), DaedalusErrors::notReady);
        FaceRoutes routes = context.routes(ERRORS);
        routes.post(TASKS, auth.around(gate.around(new TaskHandler(TaskRunners.of(context), TaskRunners.leases(context),
                context.config().maxBodyBytes()))));
        routes.get(AGENT_CARD, new AgentCardHandler(context.card()));
        routes.get(RuntimeManifest.PATH, new RuntimeManifest(context.card(), context.config().port()));
        if (context.ownsHealth()) {
            routes.get(HEALTH, new HealthHandler(context.lifecycle()));
        }
    }

    @Override
    public Optional<ErrorShape> unownedPaths(FaceContext context) {
        return Optional.of(ERRORS);
    }
}
