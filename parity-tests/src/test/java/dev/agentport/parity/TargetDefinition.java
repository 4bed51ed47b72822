package dev.agentport.parity;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * How to start one target with its local runner.
 *
 * @param name         short name used in test names
 * @param script       the run-local script, relative to the repository root
 * @param env          extra environment for it
 * @param progressive  whether it delivers an event stream event by event (false for Lambda behind API Gateway)
 */
record TargetDefinition(String name, String script, Map<String, String> env, boolean progressive) {

    /** Every target the parity suite compares; the first is the reference. */
    static final List<TargetDefinition> ALL = List.of(
            new TargetDefinition("helidon", "adapter-helidon/run-local", Map.of(), true),
            new TargetDefinition("lambda-buffered", "adapter-lambda/run-local", Map.of("LAMBDA_MODE", "buffered"),
                    false),
            new TargetDefinition("lambda-streaming", "adapter-lambda/run-local", Map.of("LAMBDA_MODE", "streaming"),
                    true),
            new TargetDefinition("gcf", "adapter-gcf/run-local", Map.of(), true));

    /**
     * The targets named in the system property {@code parity.targets} (comma-separated), or all of them. The
     * reference (Helidon) is always among them, so every answer is compared with its answer.
     */
    static List<TargetDefinition> selected() {
        return selected(System.getProperty("parity.targets", ""));
    }

    /** The targets named in {@code names}; a name that is no target fails the run, listing the valid ones. */
    static List<TargetDefinition> selected(String names) {
        if (names.isBlank()) {
            return ALL;
        }
        List<String> wanted = Arrays.stream(names.split(",")).map(String::strip).filter(n -> !n.isEmpty()).toList();
        List<String> valid = ALL.stream().map(TargetDefinition::name).toList();
        List<String> unknown = wanted.stream().filter(name -> !valid.contains(name)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("parity.targets names no target " + unknown + "; valid targets are "
                    + String.join(", ", valid));
        }
        return ALL.stream().filter(target -> target == ALL.get(0) || wanted.contains(target.name())).toList();
    }
}
