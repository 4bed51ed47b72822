package dev.agentport.lambdalocal;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A deployment zip unpacked into a temporary folder, as Lambda unpacks it into {@code /var/task}. Unix permissions
 * recorded in the zip are kept, so {@code bootstrap} and a bundled JRE's {@code bin/java} stay executable, and so are
 * the files' modification times, as {@code unzip} keeps them in UTC, Lambda's zone (the streaming zip's AOT cache is
 * used only when its function jar has the time it was made with; whether Lambda keeps them is not known).
 * {@link #close()} deletes the folder.
 */
public final class TaskRoot implements AutoCloseable {

    private final Path directory;

    private TaskRoot(Path directory) {
        this.directory = directory;
    }

    public Path directory() {
        return directory;
    }

    /** Unpacks {@code zip}; fails with a readable message when it is missing. */
    public static TaskRoot unzip(Path zip) throws IOException {
        if (!Files.isRegularFile(zip)) {
            throw new java.io.FileNotFoundException("no deployment zip at " + zip.toAbsolutePath());
        }
        TaskRoot root = new TaskRoot(Files.createTempDirectory("lambda-local-task-"));
        try {
            root.unpack(zip);
            return root;
        } catch (IOException | RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /**
     * Adds jars to {@code lib/}, where both runtimes load the function's libraries from, as if they had been packed
     * into the zip: how {@code AGENT_CLASSPATH} brings a user's agent.
     *
     * @param classpath jar paths separated by the path separator; blank adds nothing
     * @throws IllegalArgumentException when an entry is not a jar file
     */
    public void addJars(String classpath) throws IOException {
        if (classpath == null || classpath.isBlank()) {
            return;
        }
        Path lib = Files.createDirectories(directory.resolve("lib"));
        for (String entry : classpath.split(java.io.File.pathSeparator)) {
            if (entry.isBlank()) {
                continue;
            }
            Path jar = Path.of(entry.strip());
            if (!Files.isRegularFile(jar) || !jar.getFileName().toString().endsWith(".jar")) {
                throw new IllegalArgumentException("AGENT_CLASSPATH: " + jar + " is not a jar file");
            }
            Files.copy(jar, lib.resolve(jar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private void unpack(Path zip) throws IOException {
        Path target = directory;
        URI uri = URI.create("jar:" + zip.toAbsolutePath().toUri());
        try (FileSystem zipFs = FileSystems.newFileSystem(uri, Map.of("enablePosixFileAttributes", true));
             ZipFile times = new ZipFile(zip.toFile());
             Stream<Path> entries = Files.walk(zipFs.getPath("/"))) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                Path destination = target.resolve(entry.toString().substring(1)).normalize();
                if (!destination.startsWith(target)) {
                    throw new IOException("zip entry escapes the task root: " + entry);
                }
                if (Files.isDirectory(entry)) {
                    Files.createDirectories(destination);
                } else {
                    Files.createDirectories(destination.getParent());
                    Files.copy(entry, destination);
                    keepPermissions(entry, destination);
                    Files.setLastModifiedTime(destination, unpackedTime(entry, times));
                }
            }
        }
    }

    /**
     * The time {@code entry} unpacks with, read from its record in {@code zip}; a name the zip file system normalised
     * (such as {@code ./lib/x.jar}) finds no record under the path's name, and takes the time the file system gives.
     */
    private static FileTime unpackedTime(Path entry, ZipFile zip) throws IOException {
        ZipEntry record = zip.getEntry(entry.toString().substring(1));
        return record != null ? unpackedTime(record) : Files.getLastModifiedTime(entry);
    }

    /**
     * The time an entry unpacks with in UTC: its extended timestamp (UTC) when it has one, else its date and time
     * fields, which carry no zone, read as UTC.
     */
    static FileTime unpackedTime(ZipEntry entry) {
        return hasExtendedTimestamp(entry.getExtra()) ? entry.getLastModifiedTime()
                : FileTime.from(entry.getTimeLocal().toInstant(ZoneOffset.UTC));
    }

    /** Whether the extra fields hold an Info-ZIP extended timestamp (0x5455) or NTFS times (0x000a). */
    private static boolean hasExtendedTimestamp(byte[] extra) {
        int at = 0;
        while (extra != null && at + 4 <= extra.length) {
            int tag = (extra[at] & 0xff) | (extra[at + 1] & 0xff) << 8;
            if (tag == 0x5455 || tag == 0x000a) {
                return true;
            }
            at += 4 + ((extra[at + 2] & 0xff) | (extra[at + 3] & 0xff) << 8);
        }
        return false;
    }

    private static void keepPermissions(Path entry, Path destination) throws IOException {
        Set<PosixFilePermission> permissions;
        try {
            permissions = Files.getPosixFilePermissions(entry);
        } catch (UnsupportedOperationException | IOException noneRecorded) {
            return;
        }
        if (!permissions.isEmpty()) {
            Set<PosixFilePermission> readable = EnumSet.copyOf(permissions);
            readable.add(PosixFilePermission.OWNER_READ);
            Files.setPosixFilePermissions(destination, readable);
        }
    }

    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; nothing more to do
        }
    }
}
