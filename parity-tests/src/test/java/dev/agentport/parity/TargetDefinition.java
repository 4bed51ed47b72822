package dev.agentport.parity;

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
        String names = System.getProperty("parity.targets", "");
        if (names.isBlank()) {
            return ALL;
        }
        List<String> wanted = List.of(names.split(","));
        return ALL.stream().filter(target -> target == ALL.get(0) || wanted.contains(target.name())).toList();
    }
}
