package dev.agentport.store;

import java.util.Set;

/**
 * A durable backend for every store, found through {@link java.util.ServiceLoader} by the scheme of
 * {@code AGENT_STATE_STORE} (a {@code META-INF/services/dev.agentport.store.StateStoreProvider} entry in the backend's
 * jar). Implementations keep the semantics of the in-memory stores: versioned reads, conditional writes, a time to
 * live; each passes the stores' contract suites.
 */
public interface StateStoreProvider {

    /** The URI schemes this backend serves, e.g. {@code redis} and {@code rediss}. */
    Set<String> schemes();

    /**
     * Connects and checks the backend can be used. Throws {@link StoreUnavailableException} when it cannot be reached,
     * and {@link IllegalArgumentException} naming the variable when the location is wrong; either stops start-up.
     */
    StateStores open(StateStoreSettings settings);
}
