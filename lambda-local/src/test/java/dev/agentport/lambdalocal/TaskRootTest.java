package dev.agentport.lambdalocal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.TimeZone;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TaskRootTest {

    @TempDir
    Path folder;

    @Test
    void unpackingKeepsTheExecutableBitOfBootstrapAndDeletesEverythingOnClose() throws Exception {
        Path zip = folder.resolve("function.zip");
        try (FileSystem zipFs = FileSystems.newFileSystem(URI.create("jar:" + zip.toUri()),
                Map.of("create", "true", "enablePosixFileAttributes", "true"))) {
            Path bootstrap = zipFs.getPath("/bootstrap");
            Files.writeString(bootstrap, "#!/bin/sh\n");
            Files.setAttribute(bootstrap, "zip:permissions", PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.createDirectories(zipFs.getPath("/lib"));
            Files.writeString(zipFs.getPath("/lib/a.txt"), "a");
        }
        Path unpacked;
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            unpacked = root.directory();
            assertTrue(Files.isExecutable(unpacked.resolve("bootstrap")));
            assertEquals("a", Files.readString(unpacked.resolve("lib/a.txt")));
        }
        assertFalse(Files.exists(unpacked));
    }

    @Test
    void aCorruptZipFailsAndLeavesNoFolderBehind() throws Exception {
        Path zip = Files.writeString(folder.resolve("broken.zip"), "not a zip");
        long before = countTaskFolders();
        assertThrows(IOException.class, () -> TaskRoot.unzip(zip));
        assertEquals(before, countTaskFolders());
    }

    @Test
    void aMissingZipIsReportedWithItsPath() {
        var error = assertThrows(java.io.FileNotFoundException.class, () -> TaskRoot.unzip(folder.resolve("none.zip")));
        assertTrue(error.getMessage().contains("none.zip"));
    }

    private static long countTaskFolders() throws IOException {
        try (var entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return entries.filter(path -> path.getFileName().toString().startsWith("lambda-local-task-")).count();
        }
    }

    @Test
    void unpackingKeepsEachFilesModificationTimeAsUnzipDoes(@TempDir Path temp) throws Exception {
        Path zip = temp.resolve("function.zip");
        FileTime made = FileTime.from(Instant.parse("2026-01-02T03:04:06Z")); // a zip entry keeps even seconds
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            java.util.zip.ZipEntry jar = new java.util.zip.ZipEntry("lib/own.jar");
            jar.setLastModifiedTime(made);
            out.putNextEntry(jar);
            out.closeEntry();
        }
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            assertEquals(made, Files.getLastModifiedTime(root.directory().resolve("lib/own.jar")));
        }
    }

    /** The zip file system refuses a name with a {@code .} element ({@code ./lib/own.jar}) outright. */
    @ParameterizedTest
    @ValueSource(strings = {"/lib/own.jar", "lib//own.jar"})
    void anEntryWhoseNameTheZipFileSystemNormalisesUnpacksWithItsTime(String name, @TempDir Path temp)
            throws Exception {
        Path zip = temp.resolve("function.zip");
        FileTime made = FileTime.from(Instant.parse("2026-01-02T03:04:06Z"));
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            java.util.zip.ZipEntry jar = new java.util.zip.ZipEntry(name);
            jar.setLastModifiedTime(made);
            out.putNextEntry(jar);
            out.write('x');
            out.closeEntry();
        }
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            Path unpacked = root.directory().resolve("lib/own.jar");
            assertEquals("x", Files.readString(unpacked));
            assertEquals(made, Files.getLastModifiedTime(unpacked));
        }
    }

    @Test
    void anEntryWithOnlyDateAndTimeFieldsUnpacksToThemReadAsUtcAsOnLambdaWhateverTheLocalZone(@TempDir Path temp)
            throws Exception {
        Path zip = temp.resolve("function.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            java.util.zip.ZipEntry jar = new java.util.zip.ZipEntry("lib/own.jar");
            jar.setTimeLocal(LocalDateTime.parse("2026-01-02T03:04:06")); // no extended timestamp, no zone
            out.putNextEntry(jar);
            out.closeEntry();
        }
        TimeZone local = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Asia/Tokyo"));
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            assertEquals(FileTime.from(Instant.parse("2026-01-02T03:04:06Z")),
                    Files.getLastModifiedTime(root.directory().resolve("lib/own.jar")));
        } finally {
            TimeZone.setDefault(local);
        }
    }

    @Test
    void agentClasspathJarsLandInLibBesideTheZipsOwn(@TempDir Path temp) throws Exception {
        Path zip = temp.resolve("function.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("lib/own.jar"));
            out.closeEntry();
        }
        Path agentJar = Files.writeString(temp.resolve("my-agent.jar"), "not really a jar");
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            root.addJars(agentJar.toString());
            assertTrue(Files.isRegularFile(root.directory().resolve("lib/own.jar")));
            assertTrue(Files.isRegularFile(root.directory().resolve("lib/my-agent.jar")));
        }
    }

    @Test
    void anAgentClasspathEntryThatIsNotAJarIsRefusedNamingTheVariable(@TempDir Path temp)
            throws Exception {
        Path zip = temp.resolve("function.zip");
        try (var out = new java.util.zip.ZipOutputStream(Files.newOutputStream(zip))) {
            out.putNextEntry(new java.util.zip.ZipEntry("bootstrap"));
            out.closeEntry();
        }
        try (TaskRoot root = TaskRoot.unzip(zip)) {
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class, () -> root.addJars(temp.resolve("missing.jar").toString()));
            assertTrue(refused.getMessage().startsWith("AGENT_CLASSPATH"), refused.getMessage());
        }
    }
}
