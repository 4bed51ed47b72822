package dev.agentport.face;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** Finds the faces on the class path and picks the enabled ones from {@code AGENT_FACES}. */
public final class Faces {

    private Faces() {
    }

    /** Every face {@link ServiceLoader} finds, then {@code extra}; by name, in that order. */
    public static Map<String, Face> available(ClassLoader classLoader, List<Face> extra) {
        Map<String, Face> faces = new LinkedHashMap<>();
        Iterator<Face> found = ServiceLoader.load(Face.class, classLoader).iterator();
        while (true) {
            Face face;
            try {
                if (!found.hasNext()) {
                    break;
                }
                face = found.next();
            } catch (ServiceConfigurationError e) {
                throw new IllegalStateException("a contract face could not be loaded: " + e.getMessage(), e);
            }
            faces.putIfAbsent(face.name(), face);
        }
        for (Face face : extra) {
            faces.put(face.name(), face);
        }
        return faces;
    }

    /**
     * The faces named in {@code AGENT_FACES}, in its order; without it, every face enabled by default. An unknown
     * name stops start-up with the list of known ones.
     */
    public static List<Face> enabled(Map<String, Face> available, List<String> named,
                                     java.util.function.Predicate<Face> enabledByDefault) {
        List<Face> enabled = new ArrayList<>();
        if (named.isEmpty()) {
            available.values().stream().filter(enabledByDefault).forEach(enabled::add);
            return enabled;
        }
        for (String name : named) {
            Face face = available.get(name);
            if (face == null) {
                throw new IllegalArgumentException("AGENT_FACES names an unknown face '" + name + "'; known faces: "
                        + String.join(", ", available.keySet()));
            }
            enabled.add(face);
        }
        return enabled;
    }
}
