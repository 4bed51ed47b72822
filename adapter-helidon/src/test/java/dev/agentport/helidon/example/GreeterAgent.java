package dev.agentport.helidon.example;

import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;

import java.util.List;

/**
 * The smallest useful agent: the README's example of plugging in your own. A real one would call a model here
 * (LangChain4j, an HTTP client, ...).
 */
public class GreeterAgent implements Agent {

    @Override
    public AgentDescriptor descriptor() {
        return new AgentDescriptor("greeter", "1.0.0", "Greets whoever writes to it.", "plain-java",
                List.of(new AgentDescriptor.Skill("greet", "Greet", "Says hello back.", List.of("demo"),
                        List.of("I am Ada"))));
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) {
        return RunResult.of("Hello, " + input.text() + "!");
    }

    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
        emitter.delta("Hello, ");
        emitter.delta(input.text());
        emitter.delta("!");
        return RunResult.of("Hello, " + input.text() + "!");
    }
}
