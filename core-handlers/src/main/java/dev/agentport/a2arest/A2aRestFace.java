package dev.agentport.a2arest;

import dev.agentport.a2a.AionDaemon;
import dev.agentport.a2a.tasks.StoredTaskFollower;
import dev.agentport.a2a.tasks.TaskRunners;
import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.card.AgentCard;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.http.Handler;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.task.TaskLeases;

import java.util.List;
import java.util.Set;

/**
 * A2A 1.0's HTTP+JSON binding at the server's root ({@code POST /message:send}, {@code GET /tasks/{id}}, ...), each
 * path also under a {@code /{tenant}} prefix; its tasks are the JSON-RPC binding's tasks. The Aion daemon extension is
 * declared as for JSON-RPC. Bearer check, then readiness gate.
 */
public final class A2aRestFace implements Face {

    public static final String NAME = "a2a-rest";
    static final String BASE = "/";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void describe(FaceContext context, AgentCard.Builder card) {
        card.streaming(true);
        card.addInterface(new AgentCard.Interface(BASE, "HTTP+JSON", "1.0"));
        AionDaemon.declare(context.config().aionDaemon(), card);
    }

    @Override
    public void mount(FaceContext context) {
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), RestErrors::refuse);
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), RestErrors::notReady);
        Set<String> supported = AionDaemon.supported(context.config().aionDaemon());
        List<String> required = AionDaemon.required(context.config().aionDaemon());
        TaskLeases leases = TaskRunners.leases(context);
        RestErrors errors = new RestErrors();
        RestMethods methods = new RestMethods(context.config().maxBodyBytes(), TaskRunners.of(context), leases,
                new StoredTaskFollower(leases, context.lifecycle(), context.runs()));
        Handler handler = auth.around(gate.around(new RestHandler(methods, errors, supported, required)));
        context.routes(errors).family(RestPath::matches, handler);
    }
}
