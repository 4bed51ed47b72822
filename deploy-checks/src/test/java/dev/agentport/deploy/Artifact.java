package dev.agentport.deploy;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * A built jar or zip, seen the way a platform sees it: its entries (with their unix modes), and the class files in it
 * and in the jars it holds (such as {@code lib/*.jar} in a Lambda zip). Classes are read as class files, never loaded.
 */
final class Artifact {

    private static final Map<String, Artifact> OPENED = new ConcurrentHashMap<>();
    /** Entries whose content the checks read, besides class files. */
    private static final Set<String> KEPT_FILES =
            Set.of("bootstrap", "META-INF/MANIFEST.MF", "jre/release", "jre/bin/java");

    private final String path;
    private final Map<String, Integer> unixModes = new HashMap<>();
    private final Map<String, byte[]> keptFiles = new HashMap<>();
    private final Map<String, byte[]> classFiles = new HashMap<>();

    /** A class read from its class file: internal names (with slashes), its methods. */
    record ClassInfo(String name, String superName, List<String> interfaces, List<MethodInfo> methods) {
    }

    /** A method: name, JVM descriptor such as {@code ([Ljava/lang/String;)V}, and access flags. */
    record MethodInfo(String name, String descriptor, int access) {
        boolean isPublic() {
            return (access & Opcodes.ACC_PUBLIC) != 0;
        }

        boolean isStatic() {
            return (access & Opcodes.ACC_STATIC) != 0;
        }
    }

    private Artifact(String path) {
        this.path = path;
    }

    /**
     * Opens a repository-relative artifact (once per test run). Fails with a message when it was not built: these
     * checks need {@code ./mvnw package} (or {@code install}), since {@code test} alone builds no jars or zips.
     */
    static Artifact open(String repoRelative) {
        return OPENED.computeIfAbsent(repoRelative, Artifact::read);
    }

    static boolean exists(String repoRelative) {
        return Files.isRegularFile(Repo.path(repoRelative));
    }

    private static Artifact read(String repoRelative) {
        Path file = Repo.path(repoRelative);
        if (!Files.isRegularFile(file)) {
            throw new AssertionError(repoRelative + " was not built. Run ./mvnw package (or install): the deploy"
                    + " checks open the packaged artifacts, which ./mvnw test does not make.");
        }
        Artifact artifact = new Artifact(repoRelative);
        try (ZipFile zip = ZipFile.builder().setPath(file).get()) {
            for (ZipArchiveEntry entry : Collections.list(zip.getEntries())) {
                artifact.unixModes.put(entry.getName(), entry.getUnixMode());
                if (entry.isDirectory()) {
                    continue;
                }
                String name = entry.getName();
                // Jars inside hold the application classes (lib/*.jar); the JRE's own (jre/lib/jrt-fs.jar) do not.
                boolean nestedJar = name.endsWith(".jar") && !name.startsWith("jre/");
                if (name.endsWith(".class") || nestedJar || KEPT_FILES.contains(name)) {
                    try (InputStream in = zip.getInputStream(entry)) {
                        byte[] bytes = in.readAllBytes();
                        if (name.endsWith(".class")) {
                            artifact.classFiles.putIfAbsent(name, bytes);
                        } else if (nestedJar) {
                            artifact.readNestedJar(bytes);
                        } else {
                            artifact.keptFiles.put(name, bytes);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + repoRelative, e);
        }
        return artifact;
    }

    private void readNestedJar(byte[] jar) throws IOException {
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(jar))) {
            for (ZipEntry entry; (entry = in.getNextEntry()) != null; ) {
                if (entry.getName().endsWith(".class")) {
                    classFiles.putIfAbsent(entry.getName(), in.readAllBytes());
                }
            }
        }
    }

    String path() {
        return path;
    }

    boolean hasEntry(String name) {
        return unixModes.containsKey(name);
    }

    /** Whether the entry is stored with an execute bit for its owner (what Lambda needs for bootstrap). */
    boolean isExecutable(String name) {
        Integer mode = unixModes.get(name);
        return mode != null && (mode & 0100) != 0;
    }

    /** A text entry read at open time: {@code bootstrap}, the manifest, {@code jre/release}. */
    Optional<String> text(String name) {
        return bytes(name).map(b -> new String(b, StandardCharsets.UTF_8));
    }

    /** The content of an entry read at open time (see {@link #KEPT_FILES}). */
    Optional<byte[]> bytes(String name) {
        return Optional.ofNullable(keptFiles.get(name));
    }

    /** The manifest's Main-Class, if any. */
    Optional<String> mainClass() {
        return Optional.ofNullable(keptFiles.get("META-INF/MANIFEST.MF")).map(bytes -> {
            try {
                return new Manifest(new ByteArrayInputStream(bytes)).getMainAttributes().getValue("Main-Class");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Whether a class (binary name, e.g. {@code dev.agentport.helidon.Main}) is in the artifact or its jars. */
    boolean hasClass(String className) {
        return classFiles.containsKey(className.replace('.', '/') + ".class");
    }

    Optional<ClassInfo> classInfo(String className) {
        byte[] bytes = classFiles.get(className.replace('.', '/') + ".class");
        return Optional.ofNullable(bytes).map(Artifact::describe);
    }

    /** The named methods of a class and of its superclasses found in the artifact. */
    List<MethodInfo> methods(String className, String methodName) {
        List<MethodInfo> found = new ArrayList<>();
        for (String current = className; current != null; ) {
            Optional<ClassInfo> info = classInfo(current);
            if (info.isEmpty()) {
                break;
            }
            info.get().methods().stream().filter(m -> m.name().equals(methodName)).forEach(found::add);
            current = info.get().superName() == null ? null : info.get().superName().replace('/', '.');
        }
        return found;
    }

    /** Whether a class implements an interface, directly, through its superclasses or through interfaces in here. */
    boolean implementsInterface(String className, String interfaceName) {
        String wanted = interfaceName.replace('.', '/');
        List<String> toVisit = new ArrayList<>(List.of(className.replace('.', '/')));
        while (!toVisit.isEmpty()) {
            String current = toVisit.removeLast();
            if (current.equals(wanted)) {
                return true;
            }
            Optional<ClassInfo> info = classInfo(current);
            if (info.isPresent()) {
                toVisit.addAll(info.get().interfaces());
                if (info.get().superName() != null) {
                    toVisit.add(info.get().superName());
                }
            }
        }
        return false;
    }

    /** Whether the class has {@code public static void main(String[])}. */
    boolean hasMainMethod(String className) {
        return methods(className, "main").stream()
                .anyMatch(m -> m.isPublic() && m.isStatic() && m.descriptor().equals("([Ljava/lang/String;)V"));
    }

    private static ClassInfo describe(byte[] classFile) {
        List<MethodInfo> methods = new ArrayList<>();
        String[] header = new String[2];
        List<String> interfaces = new ArrayList<>();
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] implemented) {
                header[0] = name;
                header[1] = superName;
                if (implemented != null) {
                    interfaces.addAll(List.of(implemented));
                }
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                methods.add(new MethodInfo(name, descriptor, access));
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return new ClassInfo(header[0], header[1], List.copyOf(interfaces), List.copyOf(methods));
    }
}
