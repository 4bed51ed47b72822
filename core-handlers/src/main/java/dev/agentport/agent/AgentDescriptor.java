package dev.agentport.agent;

import java.util.List;
import java.util.Objects;

/**
 * What an agent says about itself.
 *
 * @param name        a slug, e.g. {@code customer-support-agent}
 * @param version     the agent's version (SemVer)
 * @param description one or two sentences for agent cards
 * @param framework   optional framework hint ({@code langchain4j}, {@code custom}, ...), or {@code null}
 * @param skills      what the agent can do, for agent cards
 */
public record AgentDescriptor(String name, String version, String description, String framework, List<Skill> skills) {

    public AgentDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        description = description == null ? "" : description;
        skills = skills == null ? List.of() : List.copyOf(skills);
    }

    public static AgentDescriptor of(String name, String version, String description) {
        return new AgentDescriptor(name, version, description, null, List.of());
    }

    public AgentDescriptor withName(String newName) {
        return new AgentDescriptor(newName, version, description, framework, skills);
    }

    public AgentDescriptor withVersion(String newVersion) {
        return new AgentDescriptor(name, newVersion, description, framework, skills);
    }

    public AgentDescriptor withFramework(String newFramework) {
        return new AgentDescriptor(name, version, description, newFramework, skills);
    }

    /**
     * One skill of the agent, as A2A agent cards describe it.
     *
     * @param id          stable identifier
     * @param name        human-readable name
     * @param description what it does
     * @param tags        keywords
     * @param examples    example prompts
     */
    public record Skill(String id, String name, String description, List<String> tags, List<String> examples) {
        public Skill {
            Objects.requireNonNull(id, "id");
            name = name == null ? id : name;
            description = description == null ? "" : description;
            tags = tags == null ? List.of() : List.copyOf(tags);
            examples = examples == null ? List.of() : List.copyOf(examples);
        }
    }
}
