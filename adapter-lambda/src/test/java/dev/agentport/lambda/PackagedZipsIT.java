package dev.agentport.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.json.Json;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The two zips as Lambda runs them, against a fake Runtime API on loopback: the managed zip under the real AWS
 * runtime interface client (classes from LAMBDA_TASK_ROOT and its lib/, as in the java21 runtime), and the streaming
 * zip's {@code bootstrap} script, unzipped with its file modes.
 */
class PackagedZipsIT {

    private static final Path TARGET = Path.of("target");
    private static final String RIC_MAIN = "com.amazonaws.services.lambda.runtime.api.client.AWSLambda";
    private static final String HANDLER = "dev.agentport.lambda.LambdaHandler::handleRequest";
    private static final String FUNCTION_JAR = "agentport-lambda-function.jar";
    private static final String LAUNCHER = "dev.agentport.lambda.launch.Launcher";
    /** The streaming runtime's loop and its Runtime API client, which the training run drives too. */
    private static final String STREAMING_LOOP = "dev.agentport.lambda.streaming.StreamingBody";
    private static final String STREAMING_CLIENT = "dev.agentport.lambda.streaming.RuntimeApiExchange";
    /**
     * The streaming zip's lib/: the function jar, and the runtime interface client's with its own libraries but those
     * the function jar holds already (the AWS SDK's utils-lite and annotations).
     */
    private static final List<String> STREAMING_JARS = List.of(FUNCTION_JAR,
            "aws-lambda-java-runtime-interface-client-2.9.0.jar", "aws-lambda-java-serialization-1.2.0.jar");
    /** Lambda's own limit for a zip uploaded directly (CreateFunction's request carries it base64-encoded). */
    private static final long DIRECT_UPLOAD_LIMIT = 52_428_800;
    private static final String STATE_STORES = "META-INF/services/dev.agentport.store.StateStoreProvider";

    @Test
    void managedZipServesEventsUnderTheRealRuntimeInterfaceClient(@TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda.zip"), taskRoot);
        assertEquals(List.of(FUNCTION_JAR), jarsIn(taskRoot.resolve("lib")), "the function's classes as one jar in lib/");
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String invoke = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            String stream = api.enqueue(SampleEvents.text("function-url-stream.json"));
            // The client loads the handler from its working directory and its lib/*.jar, as /var/task in Lambda.
            ProcessBuilder ric = new ProcessBuilder(java(), "-cp", ricClasspath(), RIC_MAIN, HANDLER)
                    .directory(taskRoot.toFile());
            Process process = start(ric, api, taskRoot);
            try {
                JsonNode response = Json.parse(api.await(invoke, "response").body());
                assertEquals(200, response.path("statusCode").asInt(), response.toString());
                assertTrue(response.path("body").asText().contains("You said \\\"hello\\\""), response.toString());
                JsonNode streamed = Json.parse(api.await(stream, "response").body());
                assertTrue(streamed.path("body").asText().endsWith("data: [DONE]\n\n"), streamed.toString());
            } finally {
                stop(process);
            }
        }
    }

    @Test
    void bothZipsCarryOneFunctionJarWhoseServiceFilesJoinEveryLibrarysEntries(@TempDir Path unzipped) throws Exception {
        Set<String> storeProviders = serviceEntriesOnTheClassPath(STATE_STORES);
        assertTrue(storeProviders.size() >= 2, "the Redis and DynamoDB stores on the test class path: " + storeProviders);
        for (String zip : List.of("agentport-lambda.zip", "agentport-lambda-streaming.zip")) {
            Path taskRoot = Files.createDirectory(unzipped.resolve(zip));
            unzip(TARGET.resolve(zip), taskRoot);
            // The streaming zip's lib/ has the runtime interface client's jars too; the managed runtime brings its own.
            List<String> jars = zip.equals("agentport-lambda.zip") ? List.of(FUNCTION_JAR) : STREAMING_JARS;
            assertEquals(jars, jarsIn(taskRoot.resolve("lib")), zip + ": lib/ holds one function jar");
            try (JarFile jar = new JarFile(taskRoot.resolve("lib").resolve(FUNCTION_JAR).toFile())) {
                assertEquals(storeProviders, serviceEntries(jar.getInputStream(jar.getEntry(STATE_STORES))),
                        zip + ": every state store's provider, as ServiceLoader finds them from the separate jars");
                // Jackson, Logback and slf4j keep their classes for newer JDKs under META-INF/versions.
                assertEquals("true", jar.getManifest().getMainAttributes().getValue("Multi-Release"), zip);
            }
        }
    }

    @Test
    void theStreamingZipsClientJarsHoldNoClassTheFunctionJarHoldsToo(@TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        Set<String> functionClasses = classesIn(taskRoot.resolve("lib").resolve(FUNCTION_JAR));
        for (String name : jarsIn(taskRoot.resolve("lib"))) {
            if (!name.equals(FUNCTION_JAR)) {
                Set<String> twice = new TreeSet<>(classesIn(taskRoot.resolve("lib").resolve(name)));
                twice.retainAll(functionClasses);
                assertEquals(Set.of(), twice, name + ": classes the function jar, first on the class path, shadows");
            }
        }
    }

    @Test
    void theFunctionJarsEntriesAreStoredSoClassBytesAreReadWithoutInflating(@TempDir Path unzipped) throws Exception {
        for (String zip : List.of("agentport-lambda.zip", "agentport-lambda-streaming.zip")) {
            Path taskRoot = Files.createDirectory(unzipped.resolve(zip));
            unzip(TARGET.resolve(zip), taskRoot);
            try (ZipFile jar = new ZipFile(taskRoot.resolve("lib").resolve(FUNCTION_JAR).toFile())) {
                List<String> deflated = jar.stream().filter(entry -> entry.getMethod() != ZipEntry.STORED)
                        .map(ZipEntry::getName).limit(5).toList();
                assertEquals(List.of(), deflated, zip + ": entries of the function jar that are not stored");
                assertTrue(jar.size() > 1_000, zip + ": the function jar holds the libraries' classes");
            }
        }
    }

    @Test
    void theRuntimeInterfaceClientTakesTheFunctionsClassesFromTheZipsArchiveAndNoHttpClient(@TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda.zip"), taskRoot);
        Path archive = taskRoot.resolve("agentport-lambda.jsa");
        assertTrue(Files.isRegularFile(archive), "the managed zip carries its class data sharing archive");
        Path classLog = taskRoot.resolve("class-load.log");
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String invoke = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            ProcessBuilder ric = new ProcessBuilder(java(), "-cp", ricClasspath(), RIC_MAIN, HANDLER)
                    .directory(taskRoot.toFile());
            // As the deploy files set it, /var/task being this folder; the log says where each class came from.
            ric.environment().put("JAVA_TOOL_OPTIONS", "-XX:SharedArchiveFile=" + archive
                    + " -Xlog:class+load=info:file=" + classLog);
            Process process = start(ric, api, taskRoot);
            try {
                JsonNode response = Json.parse(api.await(invoke, "response").body());
                assertEquals(200, response.path("statusCode").asInt(), response.toString());
            } finally {
                stop(process);
            }
        }
        // Lazy: without AGENT_MCP_DOWNSTREAM the MCP face's probe never builds its HTTP client (and the TLS stack).
        assertColdStartClasses(classLog, "a cold start that never probes a downstream server",
                "dev.agentport.lambda.BufferedInvocation");
    }

    @Test
    void streamingZipBootstrapStreamsAFunctionUrlResponse(@TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        Path bootstrap = taskRoot.resolve("bootstrap");
        assertTrue(Files.isExecutable(bootstrap), "bootstrap keeps mode 0755 in the zip");
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("function-url-stream.json"));
            Process process = start(new ProcessBuilder(bootstrap.toString()), api, taskRoot);
            try {
                FakeRuntimeApi.Posted posted = api.await(id, "response");
                assertEquals("streaming", posted.header("Lambda-Runtime-Function-Response-Mode"));
                String body = posted.text();
                assertTrue(body.startsWith("{\"statusCode\":200,"), body);
                assertTrue(body.contains("\u0000".repeat(8)), body);
                assertTrue(body.endsWith("data: [DONE]\n\n"), body);
                assertTrue(process.waitFor(20, TimeUnit.SECONDS), "the loop ends when the Runtime API goes away");
            } finally {
                stop(process);
            }
        }
    }

    @Test
    void theStreamingBootstrapTakesTheFunctionsClassesFromTheBundledJresAotCacheAndNoHttpClient(@TempDir Path taskRoot)
            throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        assumeAotCacheExpected(taskRoot);
        Path classLog = streamingColdStart(taskRoot);
        // The function jar on the class path, not loaded through the launcher module
        assertTrue(Files.readAllLines(classLog).stream().noneMatch(line -> line.contains(" " + LAUNCHER + " ")),
                "the launcher started the function although its jar kept the time the AOT cache was made with");
        // The Runtime API is spoken over a plain socket: no HTTP client (and no TLS stack) on a cold start.
        assertColdStartClasses(classLog, "the streaming runtime", "dev.agentport.lambda.events.HttpEvents",
                STREAMING_LOOP, STREAMING_CLIENT);
    }

    @Test
    void aFunctionJarWithAnotherTimeThanTheAotCachesFallsBackToTheLauncherAndItsArchiveWithoutAWord(
            @TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        Assumptions.assumeTrue(Files.isDirectory(taskRoot.resolve("jre")), "built without the bundled JRE");
        assertTrue(Files.isRegularFile(taskRoot.resolve("jre/lib/agentport-lambda.jsa")),
                "the bundled JRE carries the archive of the function's classes");
        Path jar = taskRoot.resolve("lib").resolve(FUNCTION_JAR);
        Files.setLastModifiedTime(jar, FileTime.from(Files.getLastModifiedTime(jar).toInstant().plusSeconds(3600)));
        Path classLog = streamingColdStart(taskRoot);
        assertTrue(Files.readAllLines(classLog).stream()
                        .anyMatch(line -> line.contains(" " + LAUNCHER + " source: shared objects file")),
                "the launcher module, from the JRE's archive, started the function");
        assertColdStartClasses(classLog, "the streaming runtime", "dev.agentport.lambda.events.HttpEvents",
                STREAMING_LOOP, STREAMING_CLIENT);
        String output = Files.readString(processLog(taskRoot));
        assertFalse(output.contains("[aot") || output.contains("[cds"), "the JVM said nothing of an archive: " + output);
    }

    @Test
    void javaToolOptionsThatNameAnArchiveOfTheirOwnLeaveTheAotCacheAlone(@TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        assumeAotCacheExpected(taskRoot);
        // The JVM refuses to start with -XX:AOTCache beside -Xshare:auto
        Path classLog = streamingColdStart(taskRoot, "-Xshare:auto");
        assertTrue(Files.readAllLines(classLog).stream().anyMatch(line -> line.contains(" " + LAUNCHER + " ")),
                "the launcher started the function");
    }

    @Test
    void theStreamingZipsEntriesCarryTheAotCachesStampedTimeAsUtcSoLambdasUnpackingKeepsIt(@TempDir Path taskRoot)
            throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        assumeAotCacheExpected(taskRoot);
        String stamp = Files.readString(taskRoot.resolve("jre/lib/agentport-lambda.aot.stamp")).strip();
        LocalDateTime stamped = LocalDateTime.ofEpochSecond(Long.parseLong(stamp.split(" ")[1]), 0, ZoneOffset.UTC);
        // A zip entry's DOS time has no zone: written as UTC, Lambda's unpacking (in UTC) gives the jar the time the
        // JVM and the bootstrap check, whatever the building machine's zone.
        try (ZipFile zip = new ZipFile(TARGET.resolve("agentport-lambda-streaming.zip").toFile())) {
            List<String> otherwise = zip.stream().filter(entry -> !entry.getTimeLocal().equals(stamped))
                    .map(entry -> entry.getName() + " " + entry.getTimeLocal()).limit(5).toList();
            assertEquals(List.of(), otherwise, "entries whose date and time fields are not " + stamped);
        }
        Path jar = taskRoot.resolve("lib").resolve(FUNCTION_JAR);
        assertEquals(stamp, Files.size(jar) + " " + Files.getLastModifiedTime(jar).toInstant().getEpochSecond(),
                "the function jar unpacked in UTC has the stamp's size and time");
    }

    @Test
    void theBufferedHandlerNamedByTheFunctionsHandlerRunsUnderTheZipsRuntimeInterfaceClientFromTheAotCache(
            @TempDir Path taskRoot) throws Exception {
        unzip(TARGET.resolve("agentport-lambda-streaming.zip"), taskRoot);
        assumeAotCacheExpected(taskRoot);
        Path classLog = taskRoot.resolve("class-load.log");
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            ProcessBuilder bootstrap = new ProcessBuilder(taskRoot.resolve("bootstrap").toString())
                    .directory(taskRoot.toFile());
            bootstrap.environment().put("_HANDLER", HANDLER);
            bootstrap.environment().put("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=" + classLog);
            Process process = start(bootstrap, api, taskRoot);
            try {
                FakeRuntimeApi.Posted posted = api.await(id, "response");
                assertNull(posted.header("Lambda-Runtime-Function-Response-Mode"), "a buffered answer");
                JsonNode response = Json.parse(posted.body());
                assertEquals(200, response.path("statusCode").asInt(), response.toString());
                assertTrue(response.path("body").asText().contains("You said \\\"hello\\\""), response.toString());
            } finally {
                stop(process);
            }
        }
        List<String> loaded = Files.readAllLines(classLog);
        // (the cache loads every class it holds of the class path's loader at start: the streaming loop's too)
        assertTrue(loaded.stream().noneMatch(line -> line.contains(" " + LAUNCHER + " ")), "the launcher started");
        assertColdStartClasses(classLog, "the buffered handler under the client", RIC_MAIN,
                "dev.agentport.lambda.LambdaHandler", "dev.agentport.lambda.BufferedInvocation");
        String output = Files.readString(processLog(taskRoot));
        assertFalse(output.contains("[aot") || output.contains("restricted method"),
                "the JVM kept the cache and let the client load its native part without a word: " + output);
    }

    @Test
    void theStreamingZipStaysUnderLambdasDirectUploadLimit() throws IOException {
        long size = Files.size(TARGET.resolve("agentport-lambda-streaming.zip"));
        assertTrue(size < DIRECT_UPLOAD_LIMIT, "the streaming zip is " + size + " bytes");
    }

    /**
     * The AOT cache is built whenever the bundled JRE is a 25 or later: its absence then is a broken build, not a
     * reason to skip. Skips without the bundled JRE, or with a JRE before 25.
     */
    private static void assumeAotCacheExpected(Path taskRoot) throws IOException {
        Path release = taskRoot.resolve("jre/release");
        Assumptions.assumeTrue(Files.isRegularFile(release), "built without the bundled JRE");
        String version = Files.readAllLines(release).stream().filter(line -> line.startsWith("JAVA_VERSION="))
                .findFirst().orElseThrow().replaceAll("[^0-9.]", "");
        int feature = Integer.parseInt(version.split("\\.")[0]);
        Assumptions.assumeTrue(feature >= 25, "the bundled JRE is a " + version + ", before AOT caches");
        for (String file : List.of("agentport-lambda.aot", "agentport-lambda.aot.stamp")) {
            assertTrue(Files.isRegularFile(taskRoot.resolve("jre/lib").resolve(file)),
                    "the bundled JRE " + version + " has no jre/lib/" + file);
        }
    }

    /** One cold start of the unzipped streaming zip's {@code bootstrap}: an API Gateway event, answered 200. */
    private static Path streamingColdStart(Path taskRoot) throws Exception {
        return streamingColdStart(taskRoot, "");
    }

    private static Path streamingColdStart(Path taskRoot, String javaToolOptions) throws Exception {
        Path classLog = taskRoot.resolve("class-load.log");
        try (FakeRuntimeApi api = new FakeRuntimeApi(Duration.ofSeconds(30))) {
            String id = api.enqueue(SampleEvents.text("http-api-v2-invoke.json"));
            ProcessBuilder bootstrap = new ProcessBuilder(taskRoot.resolve("bootstrap").toString());
            bootstrap.environment().put("JAVA_TOOL_OPTIONS",
                    (javaToolOptions + " -Xlog:class+load=info:file=" + classLog).strip());
            Process process = start(bootstrap, api, taskRoot);
            try {
                assertTrue(api.await(id, "response").text().startsWith("{\"statusCode\":200"));
            } finally {
                stop(process);
            }
        }
        return classLog;
    }

    /**
     * The class-load log of one cold start: the JDK's HTTP client and TLS stack never loaded (by {@code who}), nor,
     * without an OTLP endpoint, the global OpenTelemetry, nor the OpenAPI document nobody asked for; and the core,
     * {@code functionClasses}, Jackson, Logback and a log line's event taken from the zip's archive.
     */
    private static void assertColdStartClasses(Path classLog, String who, String... functionClasses)
            throws IOException {
        List<String> loaded = Files.readAllLines(classLog);
        for (String name : List.of("jdk.internal.net.http.HttpClientImpl", "sun.security.ssl.SSLContextImpl",
                "io.opentelemetry.api.GlobalOpenTelemetry", "dev.agentport.agentbreeder.OpenApiDocument")) {
            assertTrue(loaded.stream().noneMatch(line -> line.contains(" " + name + " ")),
                    name + " was loaded by " + who);
        }
        // LoggingEvent: the training runs log at INFO, as a function does by default, so a log line's classes are in it
        List<String> archived = new ArrayList<>(List.of(functionClasses));
        archived.addAll(List.of("dev.agentport.AgentPort", "com.fasterxml.jackson.databind.ObjectMapper",
                "ch.qos.logback.classic.Logger", "ch.qos.logback.classic.spi.LoggingEvent"));
        for (String name : archived) {
            assertTrue(loaded.stream().anyMatch(line -> line.contains(" " + name + " source: shared objects file")),
                    name + " was not taken from the archive: "
                            + loaded.stream().filter(line -> line.contains(" " + name + " ")).toList());
        }
    }

    private static List<String> jarsIn(Path lib) throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".jar")).sorted()
                    .toList();
        }
    }

    /** The entries of a service file in every jar of the test class path, where the store modules are separate. */
    private static Set<String> serviceEntriesOnTheClassPath(String serviceFile) throws IOException {
        Set<String> entries = new TreeSet<>();
        for (URL url : Collections.list(PackagedZipsIT.class.getClassLoader().getResources(serviceFile))) {
            try (InputStream in = url.openStream()) {
                entries.addAll(serviceEntries(in));
            }
        }
        return entries;
    }

    private static Set<String> serviceEntries(InputStream serviceFile) throws IOException {
        return new String(serviceFile.readAllBytes(), StandardCharsets.UTF_8).lines()
                .map(line -> line.replaceFirst("#.*", "").strip())
                .filter(line -> !line.isEmpty())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static Process start(ProcessBuilder builder, FakeRuntimeApi api, Path taskRoot) throws IOException {
        Files.createDirectories(TARGET.resolve("failsafe-reports"));
        Map<String, String> env = builder.environment();
        env.put("AWS_LAMBDA_RUNTIME_API", api.address());
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("DEFAULT_AGENT_WORD_DELAY_MS", "0");
        env.remove("OTEL_EXPORTER_OTLP_ENDPOINT"); // tracing off, as assertColdStartClasses expects
        env.remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT");
        // Without a bundled JRE, the bootstrap falls back to java on PATH: make that a Java 21+.
        env.put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + env.get("PATH"));
        builder.redirectErrorStream(true);
        builder.redirectOutput(processLog(taskRoot).toFile());
        return builder.start();
    }

    private static Path processLog(Path taskRoot) {
        return TARGET.resolve("failsafe-reports").resolve(taskRoot.getFileName() + ".log").toAbsolutePath();
    }

    private static void stop(Process process) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** The class files {@code jar} holds, by entry name. */
    private static Set<String> classesIn(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.stream().map(JarEntry::getName).filter(name -> name.endsWith(".class"))
                    .filter(name -> !name.endsWith("module-info.class"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** Unzips as Lambda does, in UTC: a zip entry's date and time fields are read in the unpacking's zone. */
    private static void unzip(Path zip, Path into) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("unzip", "-q", zip.toAbsolutePath().toString(), "-d", into.toString())
                .inheritIO();
        builder.environment().put("TZ", "UTC");
        Process unzip = builder.start();
        assertEquals(0, unzip.waitFor(), "unzip " + zip);
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The runtime interface client and its own libraries, from the test class path; the handler comes from the zip. */
    private static String ricClasspath() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> ric = Arrays.stream(classpath.split(File.pathSeparator))
                .filter(entry -> entry.contains("aws-lambda-java-runtime-interface-client")
                        || entry.contains("aws-lambda-java-serialization")
                        || entry.contains("aws-lambda-java-core")
                        || entry.contains("utils-lite"))
                .toList();
        assertTrue(ric.size() >= 3, "runtime interface client jars on the test class path: " + ric);
        return ric.stream().collect(Collectors.joining(File.pathSeparator));
    }
}
