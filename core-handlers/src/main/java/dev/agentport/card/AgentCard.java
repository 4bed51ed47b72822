package dev.agentport.card;

import dev.agentport.agent.AgentDescriptor;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one agent card model: built from the agent's descriptor and the settings, completed by the enabled faces, and
 * rendered by each face in its own form (AgentBreeder's {@code /.well-known/agent.json}, A2A's
 * {@code /.well-known/agent-card.json}).
 *
 * @param name        the agent's name
 * @param description what it does; never empty (a card reader requires one)
 * @param version     the agent's version
 * @param framework   the framework hint, or {@code null}
 * @param url         the public base URL ({@code AGENT_PUBLIC_URL}), or {@code null} when not configured
 * @param skills      the agent's skills
 * @param streaming   whether some face streams runs
 * @param resume      whether paused runs can be continued
 * @param bearerAuth  whether the protected endpoints require the bearer token
 * @param interfaces  the endpoints the faces serve, in face order
 * @param extensions  protocol extensions the faces declare
 */
public record AgentCard(String name,
                        String description,
                        String version,
                        String framework,
                        String url,
                        List<AgentDescriptor.Skill> skills,
                        boolean streaming,
                        boolean resume,
                        boolean bearerAuth,
                        List<Interface> interfaces,
                        List<Extension> extensions) {

    /** The media types every face accepts and answers with. */
    public static final List<String> INPUT_MODES = List.of("text/plain", "application/json");
    public static final List<String> OUTPUT_MODES = List.of("text/plain", "application/json");

    public AgentCard {
        skills = List.copyOf(skills);
        interfaces = List.copyOf(interfaces);
        extensions = List.copyOf(extensions);
    }

    /**
     * One endpoint a face serves.
     *
     * @param path            the path, relative to the card's URL
     * @param protocolBinding e.g. {@code JSONRPC}, {@code HTTP+JSON}, {@code daedalus}
     * @param protocolVersion the protocol version served there
     */
    public record Interface(String path, String protocolBinding, String protocolVersion) {
    }

    /**
     * A protocol extension.
     *
     * @param uri         its identifier
     * @param description one line
     * @param required    whether a client must activate it
     */
    public record Extension(String uri, String description, boolean required) {
    }

    /** The skills, or one general skill built from the description when the agent declares none. */
    public List<AgentDescriptor.Skill> skillsOrDefault() {
        if (!skills.isEmpty()) {
            return skills;
        }
        return List.of(new AgentDescriptor.Skill(name, name, description, List.of("general"), List.of()));
    }

    public static Builder builder(AgentDescriptor descriptor) {
        return new Builder(descriptor);
    }

    public static final class Builder {
        private final AgentDescriptor descriptor;
        private String url;
        private boolean streaming;
        private boolean resume;
        private boolean bearerAuth;
        private final List<Interface> interfaces = new ArrayList<>();
        private final List<Extension> extensions = new ArrayList<>();

        private Builder(AgentDescriptor descriptor) {
            this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
        }

        public Builder url(String url) {
            this.url = url;
            return this;
        }

        public Builder streaming(boolean streaming) {
            this.streaming |= streaming;
            return this;
        }

        public Builder resume(boolean resume) {
            this.resume = resume;
            return this;
        }

        public Builder bearerAuth(boolean bearerAuth) {
            this.bearerAuth = bearerAuth;
            return this;
        }

        public Builder addInterface(Interface endpoint) {
            interfaces.add(endpoint);
            return this;
        }

        /** Adds an extension; one of a URI already added (two faces serving it) is listed once. */
        public Builder addExtension(Extension extension) {
            if (extensions.stream().noneMatch(known -> known.uri().equals(extension.uri()))) {
                extensions.add(extension);
            }
            return this;
        }

        public AgentCard build() {
            String description = descriptor.description().isBlank()
                    ? "The " + descriptor.name() + " agent" : descriptor.description();
            return new AgentCard(descriptor.name(), description, descriptor.version(), descriptor.framework(), url,
                    descriptor.skills(), streaming, resume, bearerAuth, interfaces, extensions);
        }
    }
}
