package dev.agentport.modelagent;

import dev.agentport.agent.Agent;
import dev.agentport.plugin.Plugins;
import dev.agentport.runtime.Settings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;
import java.util.TreeSet;

/** The model agent {@code AGENT_MODEL_PROVIDER} names, built by the provider on the class path that serves it. */
public final class ModelAgents {

    public static final String VARIABLE = "AGENT_MODEL_PROVIDER";

    private static final Logger LOG = LoggerFactory.getLogger(ModelAgents.class);

    private ModelAgents() {
    }

    /**
     * The named provider's agent, or empty when {@code AGENT_MODEL_PROVIDER} is not set. Fails start-up with one line
     * naming the variable when no provider on the class path has that name.
     */
    public static Optional<Agent> named(Settings settings, ClassLoader classLoader) {
        String name = settings.get(VARIABLE);
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        String wanted = name.strip();
        TreeSet<String> known = new TreeSet<>();
        for (ModelAgentProvider provider : Plugins.all(ModelAgentProvider.class, classLoader)) {
            if (provider.name().equals(wanted)) {
                Agent agent = provider.create(settings);
                LOG.info("serving the {} model agent", wanted);
                return Optional.of(agent);
            }
            known.add(provider.name());
        }
        throw new IllegalArgumentException(VARIABLE + " names " + wanted
                + ", which no model agent on the class path serves; known: "
                + (known.isEmpty() ? "none (add agentport-langchain4j)" : String.join(", ", known)));
    }
}
