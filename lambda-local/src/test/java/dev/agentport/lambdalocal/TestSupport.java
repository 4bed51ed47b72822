package dev.agentport.lambdalocal;

import dev.agentport.lambdalocal.testfunctions.EchoHandler;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Paths and helpers shared by the tests that run real processes. */
final class TestSupport {

    static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private TestSupport() {
    }

    /** target/ric: the runtime interface client and its dependencies, copied there by the build. */
    static Path ricDir() {
        return Path.of(System.getProperty("lambdalocal.ric.dir", "target/ric"));
    }

    /** The repository root (for the adapter's zips and run-local). */
    static Path repoRoot() {
        return Path.of(System.getProperty("lambdalocal.repo.root", "..")).toAbsolutePath().normalize();
    }

    /** target/test-classes, where the test functions are: the task root for the runtime interface client. */
    static Path testClasses() {
        try {
            return Path.of(EchoHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Path javaHome() {
        return Path.of(System.getProperty("java.home"));
    }

    static LocalSettings settings(Map<String, String> env) {
        Map<String, String> all = new java.util.HashMap<>(Map.of("PORT", "0"));
        all.putAll(env);
        return LocalSettings.from(all, new String[0], ricDir());
    }

    static HttpResponse<String> get(int port, String pathAndQuery) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
