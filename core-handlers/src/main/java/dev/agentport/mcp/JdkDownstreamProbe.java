package dev.agentport.mcp;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.time.Instant;

/**
 * The probe of Lambda and Cloud Functions: the JDK's HTTP client, so that those targets carry no HTTP library. With
 * downstream servers to probe, the client is built with the face, so that a first {@code get_health} does not spend
 * its probe time building it; without any ({@code AGENT_MCP_DOWNSTREAM} unset, the default) it is never built:
 * building it loads the HTTP client and the TLS stack, about 700 classes, which such a function's cold start never
 * needs.
 */
final class JdkDownstreamProbe implements DownstreamProbe {

    private HttpClient client;

    /** @param servers whether there are downstream servers to probe: then the client is built now */
    JdkDownstreamProbe(boolean servers) {
        if (servers) {
            client();
        }
    }

    private synchronized HttpClient client() {
        if (client == null) {
            client = HttpClient.newBuilder()
                    .connectTimeout(McpSettings.PROBE_TIMEOUT)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
        }
        return client;
    }

    @Override
    public Outcome probe(URI url, Duration timeout) {
        Instant giveUp = Instant.now().plus(timeout);
        HttpClient client = client();
        try {
            HttpResponse<String> answer = client.send(HttpRequest.newBuilder(url)
                    .timeout(timeout)
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(DownstreamProbe.initializeRequest()))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() / 100 != 2 || !DownstreamProbe.isInitializeResult(answer.body())) {
                return Outcome.unreachable("answered initialize with HTTP " + answer.statusCode());
            }
            answer.headers().firstValue("Mcp-Session-Id").ifPresent(session -> end(client, url, session, giveUp));
            return Outcome.ok();
        } catch (HttpTimeoutException e) {
            return Outcome.unreachable("no answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.unreachable("the probe was interrupted");
        } catch (Exception e) {
            return Outcome.unreachable("connection failed");
        }
    }

    private static void end(HttpClient client, URI url, String session, Instant giveUp) {
        Duration left = Duration.between(Instant.now(), giveUp);
        if (left.isNegative() || left.isZero()) {
            return;
        }
        try {
            client.send(HttpRequest.newBuilder(url).timeout(left).header("Mcp-Session-Id", session).DELETE().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // the server answered initialize: it is reachable whatever happens to the DELETE
        }
    }
}
