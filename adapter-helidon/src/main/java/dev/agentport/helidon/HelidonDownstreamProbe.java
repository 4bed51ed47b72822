package dev.agentport.helidon;

import dev.agentport.mcp.DownstreamProbe;
import io.helidon.http.HeaderNames;
import io.helidon.http.HeaderName;
import io.helidon.common.media.type.MediaTypes;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** {@code get_health}'s probe on the Helidon server: an {@code initialize} handshake through Helidon WebClient. */
public final class HelidonDownstreamProbe implements DownstreamProbe {

    private static final HeaderName SESSION = HeaderNames.create("Mcp-Session-Id");

    @Override
    public Outcome probe(URI url, Duration timeout) {
        WebClient client = WebClient.builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .followRedirects(false)
                .build();
        Optional<String> session;
        try (HttpClientResponse answer = client.post()
                .uri(url)
                .header(HeaderNames.ACCEPT, "application/json, text/event-stream")
                .contentType(MediaTypes.APPLICATION_JSON)
                .submit(DownstreamProbe.initializeRequest())) {
            int status = answer.status().code();
            String body = answer.as(String.class);
            if (status / 100 != 2 || !DownstreamProbe.isInitializeResult(body)) {
                return Outcome.unreachable("answered initialize with HTTP " + status);
            }
            session = answer.headers().first(SESSION);
        } catch (RuntimeException e) {
            return Outcome.unreachable(e.getCause() instanceof java.net.SocketTimeoutException
                    || String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("timed out")
                    ? "no answer within " + timeout.toMillis() + " ms" : "connection failed");
        }
        session.ifPresent(id -> end(client, url, id));
        return Outcome.ok();
    }

    private static void end(WebClient client, URI url, String session) {
        try (HttpClientResponse ignored = client.delete().uri(url).header(SESSION, session).request()) {
            // the server answered initialize: it is reachable whatever the DELETE gets
        } catch (RuntimeException e) {
            // likewise
        }
    }
}
