package dev.agentport.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files that name classes, methods and artifacts the build must produce: the SAM template, the Terraform files,
 * the Dockerfile, the Jib configuration and the run-local scripts (whichever exist), and what they name.
 */
final class DeployFiles {

    /** The artifacts the build produces, repository-relative. */
    static final String SERVER_JAR = "adapter-helidon/target/agentport-server.jar";
    static final String LAMBDA_ZIP = "adapter-lambda/target/agentport-lambda.zip";
    static final String STREAMING_ZIP = "adapter-lambda/target/agentport-lambda-streaming.zip";
    static final String GCF_JAR = "adapter-gcf/target/agentport-gcf.jar";

    static final List<String> BUILT_ARTIFACTS = List.of(SERVER_JAR, LAMBDA_ZIP, STREAMING_ZIP, GCF_JAR);

    static final List<String> RUN_LOCAL_SCRIPTS =
            List.of("adapter-helidon/run-local", "adapter-lambda/run-local", "adapter-gcf/run-local");

    /** {@code dev.agentport.some.Class} or {@code dev.agentport.some.Class::method}; packages end in lower case. */
    private static final Pattern CLASS_REFERENCE =
            Pattern.compile("\\bdev\\.agentport(?:\\.[a-z_][\\w]*)*\\.[A-Z][\\w$]*(?:::[A-Za-z_$][\\w$]*)?");

    /** {@code [module/]target/<path>.jar|zip}; without a module, the path is the file's own module's. */
    private static final Pattern ARTIFACT_PATH =
            Pattern.compile("(?:([a-z][\\w-]*)/)?target/((?:[\\w.-]+/)*[\\w.-]+\\.(?:jar|zip))\\b");

    /** A file of the task root a JVM option names: Lambda unpacks a function's zip into {@code /var/task}. */
    private static final Pattern TASK_ROOT_FILE = Pattern.compile("=/var/task/(\\S+)");

    private DeployFiles() {
    }

    /** Every {@code /var/task/...} file a {@code JAVA_TOOL_OPTIONS} value names is in the zip (at least one is). */
    static void assertZipHasWhatJavaToolOptionsNames(String zip, String javaToolOptions) {
        Matcher file = TASK_ROOT_FILE.matcher(javaToolOptions);
        boolean any = false;
        while (file.find()) {
            any = true;
            if (!Artifact.open(zip).hasEntry(file.group(1))) {
                throw new AssertionError(zip + " has no " + file.group(1) + ", which JAVA_TOOL_OPTIONS names ("
                        + javaToolOptions + "); was it built with -Dlambda.cds.skip=true?");
            }
        }
        if (!any) {
            throw new AssertionError("JAVA_TOOL_OPTIONS names no file of the zip: " + javaToolOptions);
        }
    }

    /** A class (binary name) named in a file, with the method after {@code ::} if one was named. */
    record ClassReference(String className, String method, String file) {
    }

    /** An artifact path named in a file, resolved to a repository-relative path. */
    record ArtifactReference(String path, String asWritten, String file) {
    }

    /** Every file that names something to deploy, repository-relative; run-local scripts only if they exist. */
    static List<String> all() {
        List<String> files = new ArrayList<>(List.of("sam-template.yaml", "Dockerfile", "adapter-helidon/pom.xml"));
        for (String dir : List.of("terraform/aws", "terraform/gcp")) {
            try (Stream<Path> list = Files.list(Repo.path(dir))) {
                list.map(Repo::relative).filter(p -> p.endsWith(".tf")).sorted().forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        RUN_LOCAL_SCRIPTS.stream().filter(s -> Files.isRegularFile(Repo.path(s))).forEach(files::add);
        return files;
    }

    static List<ClassReference> classReferences(String file) {
        return classReferencesIn(Repo.read(file), file);
    }

    /** The classes (and {@code ::methods}) named in a text that comes from {@code file}. */
    static List<ClassReference> classReferencesIn(String text, String file) {
        Set<ClassReference> found = new LinkedHashSet<>();
        Matcher matcher = CLASS_REFERENCE.matcher(text);
        while (matcher.find()) {
            String[] parts = matcher.group().split("::", 2);
            found.add(new ClassReference(parts[0], parts.length == 2 ? parts[1] : null, file));
        }
        return List.copyOf(found);
    }

    /** The class names (without methods) in a text, such as a bootstrap script inside a zip. */
    static Set<String> classNamesIn(String text) {
        Set<String> found = new LinkedHashSet<>();
        classReferencesIn(text, "").forEach(reference -> found.add(reference.className()));
        return found;
    }

    static List<ArtifactReference> artifactReferences(String file) {
        return artifactReferencesIn(Repo.read(file), file);
    }

    /** The artifact paths in a text that comes from {@code file}, resolved to repository-relative paths. */
    static List<ArtifactReference> artifactReferencesIn(String text, String file) {
        Set<ArtifactReference> found = new LinkedHashSet<>();
        Matcher matcher = ARTIFACT_PATH.matcher(text);
        String ownModule = file.contains("/") ? file.substring(0, file.indexOf('/')) : "";
        while (matcher.find()) {
            String module = matcher.group(1);
            if (module == null || !Files.isDirectory(Repo.path(module))) {
                module = ownModule;
            }
            String path = (module.isEmpty() ? "" : module + "/") + "target/" + matcher.group(2);
            found.add(new ArtifactReference(path, matcher.group(), file));
        }
        return List.copyOf(found);
    }
}
