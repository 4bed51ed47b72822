package dev.agentport.parity.mcp;

import dev.agentport.mcp.McpExtension;
import dev.agentport.parity.mcp.fixture.ConformanceExtension;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The conformance fixture ({@code dev.agentport.parity.mcp.fixture}) as a user's jar for {@code AGENT_CLASSPATH}: its
 * classes, and the service entry that hands {@link ConformanceExtension} to the MCP face. The fixture lives in test
 * code only, so the default server never serves it.
 */
final class FixtureJar {

    private static final String PACKAGE = ConformanceExtension.class.getPackageName().replace('.', '/');

    private FixtureJar() {
    }

    /** Writes {@code mcp-conformance-fixture.jar} into {@code folder}. */
    static Path write(Path folder) throws IOException {
        Path jar = folder.resolve("mcp-conformance-fixture.jar");
        Path classes = classesFolder().resolve(PACKAGE);
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             Stream<Path> fixture = Files.list(classes)) {
            for (Path classFile : fixture.filter(path -> path.toString().endsWith(".class")).sorted().toList()) {
                out.putNextEntry(new JarEntry(PACKAGE + "/" + classFile.getFileName()));
                Files.copy(classFile, out);
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + McpExtension.class.getName()));
            out.write((ConformanceExtension.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static Path classesFolder() {
        try {
            return Path.of(ConformanceExtension.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
