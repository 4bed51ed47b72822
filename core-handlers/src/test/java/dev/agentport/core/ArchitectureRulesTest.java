package dev.agentport.core;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shape the README promises: a platform-free core, and an assembly that names no face. */
class ArchitectureRulesTest {

    private static final Path MAIN = Path.of("src/main/java/dev/agentport");
    private static final Path SERVICES = Path.of("src/main/resources/META-INF/services/dev.agentport.face.Face");
    private static final Pattern PLATFORM_IMPORT =
            Pattern.compile("^import (static )?(io\\.helidon|com\\.amazonaws|software\\.amazon|com\\.google\\.cloud"
                    + "|jakarta\\.servlet|org\\.eclipse\\.jetty)\\.", Pattern.MULTILINE);
    private static final Pattern GETENV = Pattern.compile("\\bgetenv\\s*\\(");

    @Test
    void the_core_imports_no_helidon_aws_or_google_class() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            List<String> offenders = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> PLATFORM_IMPORT.matcher(read(p)).find())
                    .map(Path::toString).toList();
            assertEquals(List.of(), offenders);
        }
    }

    @Test
    void agent_port_names_no_face() {
        String source = read(MAIN.resolve("AgentPort.java"));
        for (String face : List.of("agentbreeder", "AgentBreeder", "daedalus", "Daedalus", "a2a", "mcp", "Mcp")) {
            assertTrue(!source.contains(face), "AgentPort.java mentions " + face);
        }
    }

    @Test
    void faces_depend_on_no_other_face() throws IOException {
        List<String> faces = facePackages();
        for (String face : faces) {
            for (Path file : sources(MAIN.resolve(face))) {
                for (String other : faces) {
                    if (!other.equals(face)) {
                        assertTrue(!read(file).contains("import dev.agentport." + other + "."),
                                file + " imports the " + other + " face");
                    }
                }
            }
        }
    }

    @Test
    void the_faces_are_found_from_the_service_file() throws IOException {
        assertTrue(facePackages().containsAll(List.of("agentbreeder", "daedalus", "jsonrpc", "mcp", "local")),
                facePackages().toString());
    }

    @Test
    void no_face_drives_runs_itself_it_asks_the_engine() throws IOException {
        Pattern engineInsides = Pattern.compile("\\b(FramePump|RunRegistry|AgentThread|InlineRun)\\b");
        for (String face : facePackages()) {
            for (Path file : sources(MAIN.resolve(face))) {
                assertTrue(!engineInsides.matcher(read(file)).find(), file + " drives a run itself");
            }
        }
    }

    @Test
    void run_contexts_are_built_by_the_engine_through_a_builder() throws IOException {
        for (Path file : sources(MAIN)) {
            if (file.startsWith(MAIN.resolve("agent"))) {
                continue;
            }
            assertTrue(!read(file).contains("new RunContext("), file + " builds a RunContext by position");
        }
    }

    @Test
    void only_the_settings_entry_point_reads_the_environment() throws IOException {
        Path repository = Path.of("..").toAbsolutePath().normalize();
        List<String> allowed = List.of(
                "core-handlers/src/main/java/dev/agentport/runtime/Settings.java",
                "logging-json/src/main/java/dev/agentport/logging/JsonLogging.java",
                "adapter-gcf/src/main/java/dev/agentport/gcf/logging/JsonJulConfig.java",
                "lambda-local/");
        List<Path> sources;
        try (Stream<Path> modules = Files.list(repository)) {
            sources = modules.map(module -> module.resolve("src/main/java")).filter(Files::isDirectory).toList();
        }
        assertTrue(sources.size() > 5, "the modules' sources are found from " + repository + ": " + sources);
        List<String> offenders = new java.util.ArrayList<>();
        for (Path source : sources) {
            try (Stream<Path> files = Files.walk(source)) {
                files.filter(p -> p.toString().endsWith(".java"))
                        .filter(p -> GETENV.matcher(read(p)).find())
                        .map(p -> repository.relativize(p).toString().replace('\\', '/'))
                        .filter(name -> allowed.stream().noneMatch(name::startsWith))
                        .forEach(offenders::add);
            }
        }
        assertEquals(List.of(), offenders, "read the environment through Settings instead");
    }

    /** The packages of the faces the core ships, named by the service file that ServiceLoader reads. */
    private static List<String> facePackages() throws IOException {
        return Files.readAllLines(SERVICES).stream().map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .map(name -> name.substring("dev.agentport.".length(), name.lastIndexOf('.')))
                .toList();
    }

    private static List<Path> sources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).toList();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
