package dev.agentport.agentcore;

import dev.agentport.auth.BearerAuth;
import dev.agentport.auth.BearerTokenCheck;
import dev.agentport.card.AgentCard;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.runtime.ReadinessGate;

/**
 * The AWS Bedrock AgentCore Runtime service contract, HTTP protocol: {@code POST /invocations} runs the agent on the
 * JSON payload and answers JSON, or Server-Sent Events when the caller accepts them; {@code GET /ping} tells the
 * platform whether the instance is busy. The platform authenticates callers (SigV4 or OAuth) before it passes a
 * request on; {@code /invocations} still passes the bearer check when {@code AGENT_AUTH_TOKEN} is set, as every face's
 * runs do, then the readiness gate. {@code /ping} is open, as a health check is.
 *
 * <p>The platform's MCP and A2A protocols need no face of their own: the MCP face's stateless mode and the A2A
 * JSON-RPC face at {@code POST /} serve them, on the port {@code PORT} names.
 */
public final class AgentCoreFace implements Face {

    public static final String NAME = "agentcore";
    static final String INVOCATIONS = "/invocations";
    static final String PING = "/ping";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void describe(FaceContext context, AgentCard.Builder card) {
        card.streaming(true);
    }

    @Override
    public void mount(FaceContext context) {
        BearerAuth auth = new BearerAuth(new BearerTokenCheck(context.config().authToken()), AgentCoreErrors::refuse);
        ReadinessGate gate = new ReadinessGate(context.lifecycle(), AgentCoreErrors::notReady);
        context.routes(new AgentCoreErrors())
                .post(INVOCATIONS, auth.around(gate.around(
                        new InvocationHandler(context.runs(), context.config().maxBodyBytes()))))
                .get(PING, new PingHandler(context.runs(), context.lifecycle(), new PingStatus(context.clock())));
    }
}
