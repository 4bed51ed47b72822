package dev.agentport.face;

import dev.agentport.card.AgentCard;

import java.util.Optional;

/**
 * One contract the server speaks (AgentBreeder, Daedalus, ...). A face owns its routes, the filters around them, its
 * error shape and its part of the agent card; the core assembles the enabled faces and names none of them.
 *
 * <p>Faces are found through {@link java.util.ServiceLoader} (a {@code META-INF/services/dev.agentport.face.Face}
 * entry) or given to {@code AgentPort.builder().face(...)}, and chosen with {@code AGENT_FACES}.
 */
public interface Face {

    /** The name used in {@code AGENT_FACES} and {@code AGENT_HEALTH_FORMAT}, e.g. {@code agentbreeder}. */
    String name();

    /**
     * Whether the face is on when {@code AGENT_FACES} is not set. Faces that claim the same paths as the default
     * faces, or that only make sense on the user's own machine, say false.
     */
    default boolean enabledByDefault(FaceContext context) {
        return true;
    }

    /** Adds what this face serves to the agent card (its interface, its extensions); called before {@link #mount}. */
    default void describe(FaceContext context, AgentCard.Builder card) {
    }

    /** Adds the face's routes, each wrapped in the face's own filters, through {@link FaceContext#routes}. */
    void mount(FaceContext context);

    /**
     * The error shape for paths no face owns and for requests the adapter refused before the core saw them. The first
     * enabled face (in {@code AGENT_FACES} order) that has one answers them.
     */
    default Optional<ErrorShape> unownedPaths(FaceContext context) {
        return Optional.empty();
    }
}
