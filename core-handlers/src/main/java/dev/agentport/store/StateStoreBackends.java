package dev.agentport.store;

import dev.agentport.plugin.Plugins;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.TreeSet;

/** Opens the stores {@code AGENT_STATE_STORE} names, through the backend that serves its scheme. */
public final class StateStoreBackends {

    private static final Logger LOG = LoggerFactory.getLogger(StateStoreBackends.class);

    private StateStoreBackends() {
    }

    /**
     * The stores for these settings. Fails start-up with one line naming the variable when no backend on the class path
     * serves the scheme, and with {@link StoreUnavailableException} when the backend cannot be reached.
     */
    public static StateStores open(StateStoreSettings settings, ClassLoader classLoader) {
        if (settings.inMemory()) {
            return StateStores.inMemory(settings.ttl());
        }
        TreeSet<String> known = new TreeSet<>(List.of("memory"));
        for (StateStoreProvider provider : Plugins.all(StateStoreProvider.class, classLoader)) {
            if (provider.schemes().contains(settings.scheme())) {
                StateStores stores = provider.open(settings);
                LOG.info("state kept in {}", settings.location());
                return stores;
            }
            known.addAll(provider.schemes());
        }
        throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " names the scheme " + settings.scheme()
                + ", which no store on the class path serves; known: " + String.join(", ", known));
    }
}
