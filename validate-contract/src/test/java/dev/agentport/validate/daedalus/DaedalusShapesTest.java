package dev.agentport.validate.daedalus;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.validate.RuleFailed;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The manifest's shape, with the valid and invalid manifests of the contract's own conformance suite. */
class DaedalusShapesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void manifests_of_levels_1_2_and_3_are_valid() throws Exception {
        for (int level = 1; level <= 3; level++) {
            ObjectNode manifest = manifest();
            manifest.put("conformanceLevel", level);
            assertDoesNotThrow(() -> DaedalusShapes.manifest(manifest), "level " + level);
        }
    }

    @Test
    void manifest_without_context_compaction_on_another_port_is_valid() throws Exception {
        ObjectNode manifest = manifest();
        manifest.withObject("/capabilities").remove("contextCompaction");
        manifest.withObject("/server").put("port", 9090);
        assertDoesNotThrow(() -> DaedalusShapes.manifest(manifest));
    }

    @Test
    void manifests_breaking_a_rule_are_invalid() throws Exception {
        Map<String, Consumer<ObjectNode>> breaks = new LinkedHashMap<>();
        for (String field : new String[] {"contractVersion", "runtime", "server", "capabilities", "conformanceLevel"}) {
            breaks.put("missing " + field, manifest -> manifest.remove(field));
        }
        breaks.put("contract version v2", manifest -> manifest.put("contractVersion", "v2"));
        breaks.put("level 4", manifest -> manifest.put("conformanceLevel", 4));
        breaks.put("level 0", manifest -> manifest.put("conformanceLevel", 0));
        breaks.put("port 70000", manifest -> manifest.withObject("/server").put("port", 70000));
        breaks.put("empty runtime name", manifest -> manifest.withObject("/runtime").put("name", ""));
        breaks.put("missing runtime version", manifest -> manifest.withObject("/runtime").remove("version"));
        breaks.put("missing health path", manifest -> manifest.withObject("/server").remove("healthPath"));
        breaks.put("missing streaming", manifest -> manifest.withObject("/capabilities").remove("streaming"));
        breaks.put("streaming as a string", manifest -> manifest.withObject("/capabilities").put("streaming", "yes"));
        for (Map.Entry<String, Consumer<ObjectNode>> rule : breaks.entrySet()) {
            ObjectNode manifest = manifest();
            rule.getValue().accept(manifest);
            assertThrows(RuleFailed.class, () -> DaedalusShapes.manifest(manifest), rule.getKey());
        }
    }

    private static ObjectNode manifest() throws Exception {
        return (ObjectNode) JSON.readTree("""
                {"contractVersion":"v1","runtime":{"name":"my-agent","version":"1.0.0","description":"d"},
                 "server":{"port":8080,"healthPath":"/health","agentCardPath":"/.well-known/agent-card.json",
                           "taskPath":"/"},
                 "capabilities":{"streaming":true,"traceContext":true,"gracefulShutdown":true,
                                 "contextCompaction":true},
                 "conformanceLevel":3}""");
    }
}
