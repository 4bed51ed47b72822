package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.deploy.Artifact.MethodInfo;
import dev.agentport.deploy.DeployFiles.ArtifactReference;
import dev.agentport.deploy.DeployFiles.ClassReference;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Everything the deploy files and run-local scripts name (artifact paths, classes, handler methods, entry points)
 * exists in what the build produced. The artifacts are opened as files; their classes are read, never run.
 */
class ArtifactReferencesTest {

    private static final String REQUEST_STREAM_HANDLER = "com.amazonaws.services.lambda.runtime.RequestStreamHandler";

    private static final String RIC_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    private static final String HANDLE_REQUEST = "(Ljava/io/InputStream;Ljava/io/OutputStream;"
            + "Lcom/amazonaws/services/lambda/runtime/Context;)V";
    private static final int ELF_MACHINE_X86_64 = 62;
    private static final String HTTP_FUNCTION = "com.google.cloud.functions.HttpFunction";
    private static final String SERVICE = "(Lcom/google/cloud/functions/HttpRequest;"
            + "Lcom/google/cloud/functions/HttpResponse;)V";

    @Test
    void everyArtifactPathNamedInADeployFileOrRunLocalScriptExists() {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (String file : DeployFiles.all()) {
            for (ArtifactReference reference : DeployFiles.artifactReferences(file)) {
                checked++;
                if (!Artifact.exists(reference.path())) {
                    missing.add(file + " names " + reference.asWritten() + " (" + reference.path() + ")");
                }
            }
        }
        assertTrue(checked >= 4, "expected the deploy files to name the built artifacts, found " + checked);
        assertEquals(List.of(), missing, "named but not built (run ./mvnw package, not just test)");
    }

    @Test
    void everyClassNamedInADeployFileOrRunLocalScriptIsInABuiltArtifact() {
        List<String> missing = new ArrayList<>();
        for (String file : DeployFiles.all()) {
            for (ClassReference reference : DeployFiles.classReferences(file)) {
                if (artifactsHolding(file, reference.className()).isEmpty()) {
                    missing.add(file + " names " + reference.className());
                }
            }
        }
        assertEquals(List.of(), missing, "classes found in no built artifact");
    }

    @Test
    void everyMethodNamedAfterDoubleColonExistsOnItsClass() {
        List<String> missing = new ArrayList<>();
        for (String file : DeployFiles.all()) {
            for (ClassReference reference : DeployFiles.classReferences(file)) {
                if (reference.method() == null) {
                    continue;
                }
                boolean found = artifactsHolding(file, reference.className()).stream().anyMatch(artifact ->
                        artifact.methods(reference.className(), reference.method()).stream().anyMatch(MethodInfo::isPublic));
                if (!found) {
                    missing.add(file + " names " + reference.className() + "::" + reference.method());
                }
            }
        }
        assertEquals(List.of(), missing, "handler methods that are missing or not public");
    }

    @Test
    void samHandlersAreInTheZipTheirFunctionDeploys() {
        JsonNode template = CloudFormationYaml.parse(Repo.read("sam-template.yaml"));
        template.path("Resources").forEach(resource -> {
            if (resource.path("Type").asText().equals("AWS::Serverless::Function")) {
                JsonNode properties = resource.path("Properties");
                checkLambdaHandler(properties.path("CodeUri").asText(), properties.path("Runtime").asText(),
                        properties.path("Handler").asText());
            }
        });
    }

    @Test
    void terraformHandlersAreInTheZipTheirFunctionDeploys() {
        TerraformModule aws = TerraformModule.of("terraform/aws");
        aws.resources("aws_lambda_function").values().forEach(function -> checkLambdaHandler(
                aws.pathFromVariable(function.path("filename").asText()), function.path("runtime").asText(),
                function.path("handler").asText()));
    }

    @Test
    void managedHandlerIsAPublicRequestStreamHandler() {
        checkLambdaHandler(DeployFiles.LAMBDA_ZIP, "java21", "dev.agentport.lambda.LambdaHandler::handleRequest");
    }

    @Test
    void managedZipShipsTheLambdaCoreInterfacesTheHandlerImplements() {
        Artifact zip = Artifact.open(DeployFiles.LAMBDA_ZIP);
        assertTrue(zip.hasClass(REQUEST_STREAM_HANDLER), "aws-lambda-java-core must be in lib/");
        assertTrue(zip.hasClass("com.amazonaws.services.lambda.runtime.Context"));
        assertTrue(zip.hasClass("dev.agentport.AgentPort"), "core-handlers must be in lib/");
    }

    @Test
    void streamingZipHasAnExecutableBootstrapAtItsRoot() {
        Artifact zip = Artifact.open(DeployFiles.STREAMING_ZIP);
        assertTrue(zip.hasEntry("bootstrap"), "provided.al2023 runs /var/task/bootstrap");
        assertTrue(zip.isExecutable("bootstrap"), "bootstrap must be stored with its execute bit");
        assertTrue(zip.text("bootstrap").orElseThrow().startsWith("#!"), "bootstrap needs a #! line");
    }

    @Test
    void bootstrapStartsAMainClassThatIsInTheStreamingZip() {
        Artifact zip = Artifact.open(DeployFiles.STREAMING_ZIP);
        String bootstrap = zip.text("bootstrap").orElseThrow();
        List<String> mainClasses = List.copyOf(DeployFiles.classNamesIn(bootstrap));
        assertFalse(mainClasses.isEmpty(), "bootstrap names no dev.agentport class to start");
        String launcherModule = "dev.agentport.lambda.launch";
        for (String mainClass : mainClasses) {
            if (mainClass.startsWith(launcherModule + ".")) {
                // The launcher is a module linked into the bundled JRE, not a class of lib/.
                String modules = releaseValue(zip.text("jre/release").orElseThrow(), "MODULES");
                assertTrue(List.of(modules.split(" ")).contains(launcherModule),
                        mainClass + " (named in bootstrap) needs the JRE to hold " + launcherModule + ": " + modules);
            } else if (zip.hasMainMethod(mainClass)) {
                continue;
            } else {
                // Not a main class: the handler the bootstrap hands the runtime interface client, which is in lib/.
                assertTrue(zip.implementsInterface(mainClass, REQUEST_STREAM_HANDLER),
                        mainClass + " (named in bootstrap) needs a main method in lib/, or to be a handler");
                assertTrue(bootstrap.contains(RIC_MAIN), "bootstrap names the handler " + mainClass
                        + " but not the runtime interface client that runs it");
                assertTrue(zip.hasMainMethod(RIC_MAIN), RIC_MAIN + " (named in bootstrap) needs a main method in lib/");
            }
        }
        assertTrue(mainClasses.contains("dev.agentport.lambda.streaming.StreamingBootstrap"));
    }

    @Test
    void streamingZipCarriesAnX86Jre21OrNewerForBootstrapToStart() {
        // provided.al2023 has no Java: the bootstrap starts $LAMBDA_TASK_ROOT/jre/bin/java, and the templates pin
        // the function to x86_64, which must be the JRE's architecture.
        Artifact zip = Artifact.open(DeployFiles.STREAMING_ZIP);
        assertTrue(zip.isExecutable("jre/bin/java"), "jre/bin/java must be in the zip and executable (was the zip"
                + " built with -Dlambda.jre.skip=true? The templates attach no Java layer)");
        byte[] java = zip.bytes("jre/bin/java").orElseThrow();
        assertEquals(ELF_MACHINE_X86_64, elfMachine(java), "jre/bin/java must be an x86_64 Linux executable");
        String release = zip.text("jre/release").orElseThrow(() -> new AssertionError("jre/release is missing"));
        String version = releaseValue(release, "JAVA_VERSION");
        assertTrue(Integer.parseInt(version.split("[.+-]")[0]) >= 21, "JRE " + version + " cannot run Java 21 classes");
    }

    @Test
    void gcfEntryPointIsAPublicHttpFunctionInTheGcfJar() {
        TerraformModule gcp = TerraformModule.of("terraform/gcp");
        JsonNode function = gcp.resource("google_cloudfunctions2_function", "agent");
        String entryPoint = function.at("/build_config/0/entry_point").asText();
        String jarPath = gcp.pathFromVariable(gcp.data("archive_file", "gcf_source").path("source_file").asText());
        Artifact jar = Artifact.open(jarPath);
        assertTrue(jar.hasClass(entryPoint), entryPoint + " is not in " + jarPath);
        assertTrue(jar.implementsInterface(entryPoint, HTTP_FUNCTION), entryPoint + " must be an HttpFunction");
        assertTrue(jar.methods(entryPoint, "service").stream()
                .anyMatch(m -> m.isPublic() && m.descriptor().equals(SERVICE)), entryPoint + " needs service(req, res)");
    }

    @Test
    void everyJarNamedWithAMainClassHasThatMainMethod() {
        Set<String> jars = new LinkedHashSet<>();
        for (String file : DeployFiles.all()) {
            DeployFiles.artifactReferences(file).stream().map(ArtifactReference::path)
                    .filter(path -> path.endsWith(".jar") && Artifact.exists(path)).forEach(jars::add);
        }
        assertTrue(jars.contains(DeployFiles.SERVER_JAR) && jars.contains(DeployFiles.GCF_JAR),
                "the deploy files name the server and function jars: " + jars);
        for (String path : jars) {
            Artifact jar = Artifact.open(path);
            Optional<String> mainClass = jar.mainClass();
            mainClass.ifPresent(main -> assertTrue(jar.hasMainMethod(main),
                    path + " has Main-Class " + main + " without a main method"));
        }
    }

    /** Checks one Lambda function's handler against the zip it deploys. */
    /** The handlers a bootstrap's {@code case "${_HANDLER...}" in} picks out: the words of its patterns' lines. */
    private static Set<String> handlerPatterns(String bootstrap) {
        Set<String> handlers = new LinkedHashSet<>();
        boolean inCase = false;
        for (String line : bootstrap.lines().map(String::strip).toList()) {
            if (line.startsWith("case \"${_HANDLER")) {
                inCase = true;
            } else if (line.equals("esac")) {
                inCase = false;
            } else if (inCase && !line.startsWith("#") && line.endsWith(")")) {
                handlers.addAll(List.of(line.substring(0, line.length() - 1).split("\\|")));
            }
        }
        return handlers;
    }

    private static void checkLambdaHandler(String zipPath, String runtime, String handler) {
        Artifact zip = Artifact.open(zipPath);
        if (runtime.startsWith("provided")) {
            assertTrue(zip.isExecutable("bootstrap"), zipPath + " needs an executable bootstrap");
            if (handler.equals("bootstrap")) {
                return;
            }
            // Any other handler is one the bootstrap hands the runtime interface client (in _HANDLER): it names it.
            assertTrue(handlerPatterns(zip.text("bootstrap").orElseThrow()).contains(handler),
                    handler + " is neither bootstrap nor a handler " + zipPath + "'s bootstrap runs");
        }
        String[] parts = handler.split("::", 2);
        assertEquals(2, parts.length, "a java handler is Class::method, got " + handler);
        assertTrue(zip.hasClass(parts[0]), parts[0] + " is not in " + zipPath);
        assertTrue(zip.implementsInterface(parts[0], REQUEST_STREAM_HANDLER), parts[0] + " must be a RequestStreamHandler");
        assertTrue(zip.methods(parts[0], parts[1]).stream()
                        .anyMatch(m -> m.isPublic() && !m.isStatic() && m.descriptor().equals(HANDLE_REQUEST)),
                handler + " must be public void handleRequest(InputStream, OutputStream, Context)");
    }

    /** The built artifacts, plus those the file itself names, that hold a class. */
    private static List<Artifact> artifactsHolding(String file, String className) {
        Set<String> candidates = new LinkedHashSet<>(DeployFiles.BUILT_ARTIFACTS);
        DeployFiles.artifactReferences(file).stream().map(ArtifactReference::path)
                .filter(Artifact::exists).forEach(candidates::add);
        return candidates.stream().map(Artifact::open).filter(a -> a.hasClass(className)).toList();
    }

    /** The e_machine field of an ELF executable (little-endian, offset 18), or -1 when it is not ELF. */
    private static int elfMachine(byte[] executable) {
        boolean elf = executable.length > 20 && executable[0] == 0x7f && executable[1] == 'E'
                && executable[2] == 'L' && executable[3] == 'F';
        return elf ? (executable[18] & 0xff) | (executable[19] & 0xff) << 8 : -1;
    }

    private static String releaseValue(String release, String key) {
        Matcher matcher = Pattern.compile("(?m)^" + key + "=\"?([^\"\\n]*)\"?$").matcher(release);
        if (!matcher.find()) {
            throw new AssertionError("jre/release has no " + key);
        }
        return matcher.group(1);
    }
}
