package dev.agentport.parity.interop;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When node 20+ or npm is missing: the interop check is skipped on a developer's machine, failed on CI. */
class InteropNodeTest {

    @Test
    void a_missing_tool_skips_the_check_outside_ci() {
        assertThrows(TestAbortedException.class, () -> InteropNode.require(false, Map.of(), "node is not installed"));
        assertThrows(TestAbortedException.class,
                () -> InteropNode.require(false, Map.of("CI", "false"), "node is not installed"));
    }

    @Test
    void a_missing_tool_fails_the_check_when_ci_is_true() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> InteropNode.require(false, Map.of("CI", "true"), "node is not installed"));
        assertTrue(error.getMessage().startsWith("node is not installed"), error.getMessage());
    }

    @Test
    void a_present_tool_runs_the_check_on_ci_too() {
        assertDoesNotThrow(() -> InteropNode.require(true, Map.of("CI", "true"), "unused"));
    }

    @Test
    void the_node_major_version_is_read_from_node_version_output() {
        assertEquals(20, InteropNode.major("v20.20.2\n"));
        assertEquals(18, InteropNode.major("v18.19.0"));
        assertEquals(0, InteropNode.major("command not found"));
    }
}
