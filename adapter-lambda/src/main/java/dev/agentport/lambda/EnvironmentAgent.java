package dev.agentport.lambda;

import dev.agentport.agent.Agent;
import dev.agentport.defaultagent.DefaultAgent;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The agent the managed handler serves, found the way the core finds one (the first {@link Agent} through
 * ServiceLoader, else the built-in default agent). Found here, not left to the core, because priming must know
 * whether that agent allows it.
 */
final class EnvironmentAgent {

    private EnvironmentAgent() {
    }

    static Agent discover() {
        Iterator<Agent> found = ServiceLoader.load(Agent.class, Thread.currentThread().getContextClassLoader())
                .iterator();
        if (found.hasNext()) {
            Agent agent = found.next();
            LoggerFactory.getLogger(EnvironmentAgent.class).info("using agent {} found through ServiceLoader",
                    agent.getClass().getName());
            return agent;
        }
        return DefaultAgent.fromEnvironment();
    }
}
