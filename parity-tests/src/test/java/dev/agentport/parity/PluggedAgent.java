package dev.agentport.parity;

import dev.agentport.parity.agent.FailingToLoadAgent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

/**
 * A user's agent jar as the README describes it (the class and {@code META-INF/services/dev.agentport.agent.Agent}),
 * and the deployment zips with that jar added under {@code lib/}, as a user would package it for Lambda.
 */
final class PluggedAgent {

    private PluggedAgent() {
    }

    /** A jar holding {@link FailingToLoadAgent} and its service entry. */
    static Path jar(Path folder) throws IOException {
        return jar(folder, FailingToLoadAgent.class);
    }

    /** A jar holding {@code agent} (one class, no inner classes) and its service entry. */
    static Path jar(Path folder, Class<?> agent) throws IOException {
        Path jar = folder.resolve(agent.getSimpleName() + ".jar");
        String classFile = agent.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
             InputStream bytes = agent.getClassLoader().getResourceAsStream(classFile)) {
            out.putNextEntry(new JarEntry(classFile));
            bytes.transferTo(out);
            out.putNextEntry(new JarEntry("META-INF/services/dev.agentport.agent.Agent"));
            out.write((agent.getName() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    /** A copy of {@code zip} with {@code agentJar} added as {@code lib/<name>}; other entries keep their permissions. */
    static Path zipWith(Path zip, Path agentJar, Path folder) throws IOException {
        Path copy = folder.resolve(zip.getFileName());
        Files.copy(zip, copy, StandardCopyOption.REPLACE_EXISTING);
        URI uri = URI.create("jar:" + copy.toUri());
        try (FileSystem zipFs = FileSystems.newFileSystem(uri, Map.of("enablePosixFileAttributes", true))) {
            Files.copy(agentJar, zipFs.getPath("lib", agentJar.getFileName().toString()));
        }
        return copy;
    }
}
