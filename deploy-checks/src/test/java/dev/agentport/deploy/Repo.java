package dev.agentport.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Files of the repository, found from the root Maven passes in ({@code agentport.repo.root}). */
final class Repo {

    private Repo() {
    }

    static Path root() {
        return Path.of(System.getProperty("agentport.repo.root", "..")).toAbsolutePath().normalize();
    }

    /** This module's own folder (package.json, the node script). */
    static Path checksDir() {
        return Path.of(System.getProperty("agentport.checks.dir", ".")).toAbsolutePath().normalize();
    }

    static Path path(String repoRelative) {
        return root().resolve(repoRelative).normalize();
    }

    static String read(String repoRelative) {
        try {
            return Files.readString(path(repoRelative));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + repoRelative, e);
        }
    }

    /** The repository-relative form of a path, with forward slashes, for messages and artifact look-ups. */
    static String relative(Path path) {
        return root().relativize(path.toAbsolutePath().normalize()).toString().replace('\\', '/');
    }
}
