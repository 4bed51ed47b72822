package dev.agentport.modelagent;

import dev.agentport.agent.Agent;
import dev.agentport.runtime.Settings;

/**
 * A built-in model agent, found through {@link java.util.ServiceLoader} by the name {@code AGENT_MODEL_PROVIDER} gives
 * (a {@code META-INF/services/dev.agentport.modelagent.ModelAgentProvider} entry in the provider's jar). Only the
 * named provider builds its agent, so a provider's model library is not touched unless it is named.
 */
public interface ModelAgentProvider {

    /** The name {@code AGENT_MODEL_PROVIDER} gives, e.g. {@code openai}. */
    String name();

    /**
     * The agent, built from the provider's own settings. Throws {@link IllegalArgumentException} naming the variable
     * when one is missing or wrong; that stops start-up. Never includes a secret's value in a message.
     */
    Agent create(Settings settings);
}
