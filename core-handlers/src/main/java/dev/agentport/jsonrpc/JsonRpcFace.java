package dev.agentport.jsonrpc;

import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.a2a.AionDaemon;
import dev.agentport.a2a.tasks.StoredTaskFollower;
import dev.agentport.a2a.tasks.TaskRunners;
import dev.agentport.card.AgentCard;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.face.FaceRoutes;
import dev.agentport.http.Handler;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.task.TaskLeases;

import java.util.List;
import java.util.Set;

/**
 * A2A's JSON-RPC binding, protocol versions 1.0 and 0.3, at {@code POST /a2a}, and at {@code POST /} for JSON-RPC
 * bodies (the path's other bodies stay with its owner). Tasks live in the task store; the Aion daemon extension is
 * declared when {@code AGENT_AION_DAEMON} is {@code optional} or {@code required}. Bearer check, then readiness gate.
 */
public final class JsonRpcFace implements Face {

    public static final String NAME = "a2a-jsonrpc";
    static final String PATH = "/a2a";
    static final String SHARED_PATH = "/";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void describe(FaceContext context, AgentCard.Builder card) {
        card.streaming(true);
        card.addInterface(new AgentCard.Interface(PATH, "JSONRPC", "1.0"));
        card.addInterface(new AgentCard.Interface(PATH, "JSONRPC", "0.3"));
        AionDaemon.declare(context.config().aionDaemon(), card);
    }

    @Override
    public void mount(FaceContext context) {
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), JsonRpcErrors::refuse);
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), JsonRpcErrors::notReady);
        Set<String> supported = AionDaemon.supported(context.config().aionDaemon());
        List<String> required = AionDaemon.required(context.config().aionDaemon());
        int maxBodyBytes = context.config().maxBodyBytes();
        TaskLeases leases = TaskRunners.leases(context);
        Handler handler = auth.around(gate.around(new JsonRpcHandler(maxBodyBytes,
                new TaskMethods(TaskRunners.of(context), leases, new StoredTaskFollower(leases,
                        context.lifecycle(), context.runs())), supported, required)));
        FaceRoutes routes = context.routes(new JsonRpcErrors());
        routes.post(PATH, handler);
        routes.claim("POST", SHARED_PATH, new JsonRpcBodies(maxBodyBytes), handler);
    }
}
