package dev.agentport.helidon;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * adapter-helidon/run-local rebuilds the server jar when a main source or pom is newer than it, and only then. Runs the
 * real script in a copy of the repository's layout whose Maven wrapper only records that it was called.
 */
class RunLocalScriptTest {

    private static final Path REPO = Path.of("").toAbsolutePath().getParent();

    @Test
    void run_local_rebuilds_a_jar_older_than_a_source_file(@TempDir Path root) throws Exception {
        assertRebuiltAfterWriting(root, "core-handlers/src/main/java/Changed.java", "// edited after the build");
    }

    @Test
    void run_local_rebuilds_a_jar_older_than_a_source_of_the_base_module(@TempDir Path root) throws Exception {
        assertRebuiltAfterWriting(root, "base/src/main/java/Changed.java", "// edited after the build");
    }

    @Test
    void run_local_rebuilds_a_jar_older_than_a_source_of_the_transport_module(@TempDir Path root) throws Exception {
        assertRebuiltAfterWriting(root, "helidon-transport/src/main/java/Changed.java", "// edited after the build");
    }

    @Test
    void run_local_rebuilds_a_jar_older_than_a_pom(@TempDir Path root) throws Exception {
        assertRebuiltAfterWriting(root, "pom.xml", "<project/>");
    }

    @Test
    void run_local_does_not_rebuild_for_a_test_source_as_no_test_is_in_the_jar(@TempDir Path root) throws Exception {
        Path jar = layout(root);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        Path test = root.resolve("core-handlers/src/test/java/ChangedTest.java");
        Files.createDirectories(test.getParent());
        Files.writeString(test, "// edited after the build");
        runLocal(root);
        assertFalse(Files.exists(root.resolve("built")), "a jar newer than every main source was rebuilt");
    }

    @Test
    void run_local_uses_a_jar_newer_than_every_source(@TempDir Path root) throws Exception {
        layout(root);
        runLocal(root);
        assertFalse(Files.exists(root.resolve("built")), "an up-to-date jar was rebuilt");
    }

    /** Builds a jar, then writes {@code file} after it: run-local must rebuild. */
    private static void assertRebuiltAfterWriting(Path root, String file, String text) throws Exception {
        Path jar = layout(root);
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        Files.writeString(root.resolve(file), text);
        runLocal(root);
        assertTrue(Files.exists(root.resolve("built")), "the stale jar was not rebuilt");
    }

    /** The script, the JDK finder, a recording wrapper, sources an hour old and a jar built after them. */
    private static Path layout(Path root) throws Exception {
        Files.createDirectories(root.resolve("adapter-helidon/target"));
        Files.createDirectories(root.resolve(".mvn"));
        Files.copy(REPO.resolve("adapter-helidon/run-local"), root.resolve("adapter-helidon/run-local"));
        Files.copy(REPO.resolve(".mvn/find-jdk.sh"), root.resolve(".mvn/find-jdk.sh"));
        Path mvnw = Files.writeString(root.resolve("mvnw"), "#!/bin/sh\ntouch \"$(dirname \"$0\")/built\"\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        FileTime old = FileTime.from(Instant.now().minusSeconds(3600));
        for (String module : List.of("adapter-helidon", "base", "core-handlers", "logging-json", "helidon-transport")) {
            Files.createDirectories(root.resolve(module + "/src/main/java"));
            for (String path : List.of("/src", "/src/main", "/src/main/java")) {
                Files.setLastModifiedTime(root.resolve(module + path), old);
            }
            Files.setLastModifiedTime(Files.writeString(root.resolve(module + "/pom.xml"), "<project/>"), old);
        }
        Files.setLastModifiedTime(Files.writeString(root.resolve("pom.xml"), "<project/>"), old);
        return Files.writeString(root.resolve("adapter-helidon/target/agentport-server.jar"), "not a real jar");
    }

    /** Runs the script; the fake jar makes java fail at once, after the build decision this test is about. */
    private static void runLocal(Path root) throws Exception {
        try (ServerProcess run = ServerProcess.start(List.of(root.resolve("adapter-helidon/run-local").toString()),
                Map.of("PORT", "0"))) {
            run.awaitExit(60);
        }
    }
}
