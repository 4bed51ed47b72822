package dev.agentport.local;

import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.runtime.ReadinessGate;
import dev.agentport.runtime.RuntimeConfig;

/**
 * The Local HTTP Adapter Contract V1: {@code POST /run-task}, called by the A2A runtime on the user's own machine.
 * Off by default; {@code AGENT_LOCAL_ADAPTER=true} turns it on (and binds the Helidon server to loopback). Every
 * request passes {@link LoopbackOnly} first, then the readiness gate. There is no bearer check: the contract has none,
 * and loopback is its boundary.
 */
public final class LocalAdapterFace implements Face {

    public static final String NAME = RuntimeConfig.LOCAL_ADAPTER_FACE;
    static final String RUN_TASK = "/run-task";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean enabledByDefault(FaceContext context) {
        return context.config().localAdapter();
    }

    @Override
    public void mount(FaceContext context) {
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), LocalAnswers::notReady);
        context.routes(new LoopbackOnly(), new LocalErrors())
                .post(RUN_TASK, gate.around(new RunTaskHandler(context.runs(), context.config().maxBodyBytes())));
    }
}
