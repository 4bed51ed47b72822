package dev.agentport.plugin;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Plug-ins found through {@link ServiceLoader} (the MCP face's probes and extensions, the state store backends). One that cannot load (its library is not on the class
 * path, as the Helidon server's WebClient probe on a class path without Helidon) is skipped with a warning: the face
 * then uses the next one, or its default.
 */
public final class Plugins {

    private static final Logger LOG = LoggerFactory.getLogger(Plugins.class);

    private Plugins() {
    }

    public static <T> T first(Class<T> type, ClassLoader loader) {
        List<T> found = all(type, loader);
        return found.isEmpty() ? null : found.get(0);
    }

    public static <T> List<T> all(Class<T> type, ClassLoader loader) {
        List<T> found = new ArrayList<>();
        Iterator<T> providers = ServiceLoader.load(type, loader).iterator();
        while (true) {
            try {
                if (!providers.hasNext()) {
                    return found;
                }
                found.add(providers.next());
            } catch (ServiceConfigurationError | LinkageError e) {
                LOG.warn("skipping a {} that cannot be loaded: {}", type.getSimpleName(), e.getMessage());
            }
        }
    }
}
