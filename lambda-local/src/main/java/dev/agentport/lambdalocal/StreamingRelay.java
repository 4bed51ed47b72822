package dev.agentport.lambdalocal;

import io.helidon.webserver.ServerConnectionException;
import io.helidon.webserver.http.ServerResponse;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes a streamed function response to the client as it arrives, like a Function URL in RESPONSE_STREAM mode.
 * With the {@code application/vnd.awslambda.http-integration-response} content type, the status and headers come
 * from the JSON prelude before the 8 NUL bytes; otherwise the status is 200 and the function's content type is
 * kept. Each chunk is flushed at once. Once the head is sent an error can only end the stream early.
 */
final class StreamingRelay {

    private static final Logger LOG = LoggerFactory.getLogger(StreamingRelay.class);

    private final Invocation invocation;
    private final ServerResponse response;
    private final Duration longestWait;
    private final PreludeSplitter splitter = new PreludeSplitter();
    private OutputStream body;

    StreamingRelay(Invocation invocation, ServerResponse response, Duration longestWait) {
        this.invocation = invocation;
        this.response = response;
        this.longestWait = longestWait;
    }

    /** Relays from the {@code Started} part to the end of the response. */
    void relay(ReplyPart.Started started) throws InterruptedException {
        boolean hasPrelude = started.contentType().toLowerCase(Locale.ROOT)
                .startsWith(FunctionAnswers.HTTP_INTEGRATION_RESPONSE);
        if (!hasPrelude) {
            body = FrontServer.open(new FunctionAnswer(200,
                    List.of(new HeaderField("Content-Type", started.contentType())), new byte[0]), response);
        }
        try {
            while (true) {
                switch (FrontServer.nextPart(invocation, longestWait)) {
                    case ReplyPart.Chunk chunk -> {
                        if (!(body == null ? head(chunk.bytes()) : send(chunk.bytes()))) {
                            return;
                        }
                    }
                    case ReplyPart.Finished finished -> {
                        finished.trailerError().ifPresent(this::logStreamError);
                        end(finished.trailerError().orElse(new FunctionError("Function.MalformedResponse",
                                "the streamed response ended before its prelude")));
                        return;
                    }
                    case ReplyPart.Failed failed -> {
                        end(failed.error());
                        return;
                    }
                    case ReplyPart.Started ignored -> { }
                }
            }
        } catch (MalformedResponseException malformed) {
            FrontServer.write(malformed.answer(), response);
        }
    }

    /** Feeds the prelude; once it is complete, sends the head and the first body bytes. */
    private boolean head(byte[] bytes) throws MalformedResponseException {
        Optional<PreludeSplitter.Split> split = splitter.feed(bytes);
        if (split.isEmpty()) {
            return true;
        }
        body = FrontServer.open(FunctionAnswers.fromStreamingPrelude(split.get().prelude()), response);
        return send(split.get().bodyStart());
    }

    /**
     * Writes and flushes; false when the client has gone. The invocation is then told, so that the Runtime API fails
     * the function's response request and the function can cancel the run (AWS does not tell the function).
     */
    private boolean send(byte[] bytes) {
        try {
            if (bytes.length > 0) {
                body.write(bytes);
                body.flush();
            }
            return true;
        } catch (IOException | UncheckedIOException | ServerConnectionException clientGone) {
            LOG.debug("client left during a streamed response");
            invocation.clientLeft();
            return false;
        }
    }

    /** Ends the response: a 502 when nothing was sent yet, otherwise just the end of the stream. */
    private void end(FunctionError errorIfNothingSent) {
        if (body == null) {
            FrontServer.write(FunctionAnswer.functionError(errorIfNothingSent), response);
            return;
        }
        try {
            body.close();
        } catch (IOException | UncheckedIOException | ServerConnectionException clientGone) {
            LOG.debug("client left at the end of a streamed response");
        }
    }

    private void logStreamError(FunctionError error) {
        LOG.warn("streamed response of " + invocation.requestId() + " ended with " + error.errorType() + ": "
                + error.errorMessage());
    }
}
