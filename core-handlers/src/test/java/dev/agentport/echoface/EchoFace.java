package dev.agentport.echoface;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunInput;
import dev.agentport.face.Face;
import dev.agentport.face.FaceContext;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;
import dev.agentport.json.Json;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * A face that exists only to show what adding one takes: this package and one line in
 * {@code META-INF/services/dev.agentport.face.Face}, nothing else. {@code POST /echo-face} runs the agent on the body's
 * text and answers {@code {"reply": ...}}, or {@code {"problem": ...}} with its own statuses. The run engine gives it
 * what every face gets: the run timeout, cancellation when the client leaves, the drain, the span and the session.
 */
public final class EchoFace implements Face {

    public static final String NAME = "echo-face";
    public static final String PATH = "/echo-face";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean enabledByDefault(FaceContext context) {
        return false;
    }

    @Override
    public void mount(FaceContext context) {
        context.routes(new Problems()).post(PATH, request -> {
            String text = new String(request.body(), StandardCharsets.UTF_8);
            if (text.isBlank()) {
                return problem(400, "send some text");
            }
            Run run = context.runs().newRun(request).operation(NAME)
                    .session(request.header("X-Echo-Session")).build();
            return switch (run.invoke(RunInput.of(text))) {
                case RunOutcome.Completed completed -> answer(200, "reply", completed.result().outputText());
                case RunOutcome.Failed failed -> problem(switch (failed.failure().kind()) {
                    case DEADLINE_EXCEEDED -> 504;
                    case CANCELLED, STORE_UNAVAILABLE -> 503;
                    default -> 500;
                }, failed.failure().message());
            };
        });
    }

    private static HttpResponse problem(int status, String message) {
        return answer(status, "problem", message);
    }

    private static HttpResponse answer(int status, String field, String text) {
        ObjectNode body = Json.object().put(field, text);
        return HttpResponse.builder(status).contentType("application/json").body(Json.bytes(body)).build();
    }

    private static final class Problems implements Router.Fallbacks {
        @Override
        public HttpResponse notFound(HttpRequest request) {
            return problem(404, "nothing here");
        }

        @Override
        public HttpResponse methodNotAllowed(HttpRequest request, Set<String> allowed) {
            return problem(405, "use " + String.join(", ", allowed));
        }

        @Override
        public HttpResponse internalError(HttpRequest request, RuntimeException error) {
            return problem(500, "the echo face failed");
        }
    }
}
