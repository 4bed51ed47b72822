package dev.agentport.helidon;

import dev.agentport.agent.Agent;
import dev.agentport.helidon.example.GreeterAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The packaged server jar and adapter-helidon/run-local, started as a user starts them. */
class PackagedServerIT {

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path JAR = MODULE.resolve("target/agentport-server.jar");

    @Test
    void an_invalid_setting_stops_start_up_with_one_line_naming_the_variable_and_exit_code_2() throws Exception {
        for (Map.Entry<String, String> setting : Map.of("DEFAULT_AGENT_WORD_DELAY_MS", "x",
                "AGENT_HEADER_TIMEOUT_SECONDS", "0", "AGENT_MAX_BODY_BYTES", "lots").entrySet()) {
            try (ServerProcess server = jar(Map.of("PORT", "0", setting.getKey(), setting.getValue()))) {
                assertEquals(2, server.awaitExit(60), setting.toString());
                List<String> stderr = server.stderrLines();
                assertEquals(1, stderr.size(), setting + ": " + stderr);
                assertTrue(stderr.getFirst().startsWith("agentport: " + setting.getKey() + " must be"), stderr.getFirst());
            }
        }
    }

    @Test
    void a_port_in_use_stops_start_up_with_one_line_naming_the_port_and_a_non_zero_exit_code() throws Exception {
        try (ServerSocket taken = new ServerSocket(0);
             ServerProcess server = jar(Map.of("PORT", String.valueOf(taken.getLocalPort())))) {
            assertEquals(1, server.awaitExit(60));
            List<String> stderr = server.stderrLines();
            assertEquals(List.of("agentport: cannot listen on port " + taken.getLocalPort()
                    + ": it is already in use or not allowed"), stderr);
        }
    }

    @Test
    void every_line_the_packaged_server_prints_on_stdout_is_one_json_object() throws Exception {
        try (ServerProcess server = jar(Map.of("PORT", "0"))) {
            server.awaitLine("listening on port", 60);
            AnyMainLogsJsonTest.assertOnlyJsonObjects(server.stopAndCollect());
            assertEquals(List.of(), server.stderrLines());
        }
    }

    @Test
    void run_local_serves_the_agent_in_a_jar_given_by_agent_classpath(@TempDir Path dir) throws Exception {
        Path agentJar = exampleAgentJar(dir.resolve("greeter.jar"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (ServerProcess server = ServerProcess.start(List.of(MODULE.resolve("run-local").toString()),
                Map.of("PORT", String.valueOf(port), "AGENT_CLASSPATH", agentJar.toString()))) {
            server.awaitLine("listening on port", 120);
            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/health")).build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(health.body().contains("\"agent_name\":\"greeter\""), health.body());
        }
    }

    private static ServerProcess jar(Map<String, String> env) throws IOException {
        return ServerProcess.start(List.of(ServerProcess.JAVA.toString(), "-jar", JAR.toString()), env);
    }

    /** The README's example agent as a user would ship it: its class and a META-INF/services entry. */
    private static Path exampleAgentJar(Path jar) throws IOException {
        String classFile = GreeterAgent.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            add(out, classFile, Files.readAllBytes(MODULE.resolve("target/test-classes").resolve(classFile)));
            add(out, "META-INF/services/" + Agent.class.getName(),
                    (GreeterAgent.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static void add(JarOutputStream out, String name, byte[] bytes) throws IOException {
        out.putNextEntry(new JarEntry(name));
        OutputStream entry = out;
        entry.write(bytes);
        out.closeEntry();
    }
}
