package dev.agentport.deploy;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When node or npm is missing: skipped on a developer's machine, failed on CI. */
class NodeToolsTest {

    @Test
    void a_missing_tool_skips_the_check_outside_ci() {
        assertThrows(TestAbortedException.class, () -> NodeTools.require(false, Map.of(), "node is not installed"));
        assertThrows(TestAbortedException.class,
                () -> NodeTools.require(false, Map.of("CI", "false"), "node is not installed"));
    }

    @Test
    void a_missing_tool_fails_the_check_when_ci_is_true() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> NodeTools.require(false, Map.of("CI", "true"), "node is not installed"));
        assertTrue(error.getMessage().startsWith("node is not installed"), error.getMessage());
    }

    @Test
    void a_present_tool_runs_the_check_on_ci_too() {
        assertDoesNotThrow(() -> NodeTools.require(true, Map.of("CI", "true"), "unused"));
    }
}
