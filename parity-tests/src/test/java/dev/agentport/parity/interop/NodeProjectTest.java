package dev.agentport.parity.interop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When node or npm is missing the interop checks are skipped locally and fail on CI; pins are honoured. */
class NodeProjectTest {

    private static final List<String> MCP = List.of("@modelcontextprotocol/conformance", "@modelcontextprotocol/sdk");

    @Test
    void a_missing_tool_skips_the_check_outside_ci() {
        assertThrows(TestAbortedException.class, () -> NodeProject.require(false, Map.of(), "node is not installed"));
        assertThrows(TestAbortedException.class,
                () -> NodeProject.require(false, Map.of("CI", "false"), "node is not installed"));
    }

    @Test
    void a_missing_tool_fails_the_check_when_ci_is_true() {
        AssertionError error = assertThrows(AssertionError.class,
                () -> NodeProject.require(false, Map.of("CI", "true"), "node is not installed"));
        assertTrue(error.getMessage().startsWith("node is not installed"), error.getMessage());
    }

    @Test
    void a_present_tool_runs_the_check_on_ci_too() {
        assertDoesNotThrow(() -> NodeProject.require(true, Map.of("CI", "true"), "unused"));
    }

    @Test
    void the_node_major_version_is_read_from_node_version_output() {
        assertEquals(22, NodeProject.major("v22.23.3\n"));
        assertEquals(20, NodeProject.major("v20.20.2"));
        assertEquals(0, NodeProject.major("command not found"));
    }

    @Test
    void packages_are_reinstalled_unless_each_is_at_its_pinned_version(@TempDir Path project) throws Exception {
        Files.writeString(project.resolve("package.json"), """
                {"dependencies": {"@modelcontextprotocol/conformance": "0.2.0-alpha.12",
                                  "@modelcontextprotocol/sdk": "1.32.2"}}""");
        assertFalse(NodeProject.pinnedPackagesInstalled(project, MCP), "nothing installed");
        installed(project, "@modelcontextprotocol/conformance", "0.2.0-alpha.12");
        installed(project, "@modelcontextprotocol/sdk", "1.31.0");
        assertFalse(NodeProject.pinnedPackagesInstalled(project, MCP), "the SDK is not the pinned version");
        installed(project, "@modelcontextprotocol/sdk", "1.32.2");
        assertTrue(NodeProject.pinnedPackagesInstalled(project, MCP));
    }

    private static void installed(Path project, String name, String version) throws Exception {
        Path folder = Files.createDirectories(project.resolve("node_modules").resolve(name));
        Files.writeString(folder.resolve("package.json"),
                "{\"name\": \"" + name + "\", \"version\": \"" + version + "\"}");
    }
}
