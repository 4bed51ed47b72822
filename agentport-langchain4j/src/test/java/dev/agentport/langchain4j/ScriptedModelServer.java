package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentport.json.Json;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions} on loopback that answers from a script: it stands in for a
 * real provider, which the tests cannot reach (no network, no key). LangChain4j's real OpenAI client talks to it over
 * HTTP, plain and streamed (server-sent events, one chunk per word). Each request is kept, with its
 * {@code Authorization} header, for the tests to read. With no answer scripted, it answers
 * {@code "The scripted model heard: <the last user message>"}. An answer may instead be tied to a user message
 * ({@link #whenAsked}): it then answers every request ending with that message, so cases sent to several targets, in
 * any order, each choose their own answer.
 */
public final class ScriptedModelServer implements AutoCloseable {

    /** One request as the server received it. */
    public record Received(String authorization, JsonNode body) {

        /** The messages sent, as {@code role: content} lines. */
        public List<String> messages() {
            List<String> lines = new ArrayList<>();
            body.path("messages").forEach(m -> lines.add(m.path("role").asText() + ": " + m.path("content").asText()));
            return lines;
        }

        public boolean streamed() {
            return body.path("stream").asBoolean(false);
        }
    }

    /** What the server answers to one request. */
    public sealed interface Answer {
    }

    /** A reply; streamed one word (with its space) per chunk when the client asked for a stream. */
    public record Reply(String text) implements Answer {
    }

    /** The assistant asks for one tool. */
    public record ToolCall(String name, String argumentsJson) implements Answer {
    }

    /** The assistant asks for several tools in one answer, in this order. */
    public record ToolCalls(List<ToolCall> calls) implements Answer {
    }

    /** An error status with a body, as providers send them. */
    public record Status(int code, String body) implements Answer {
    }

    /** Nothing until {@link ScriptedModelServer#release()} (at most a minute), then a reply. */
    public record Stall(boolean afterFirstWord, String text) implements Answer {
    }

    /**
     * Holds the call open without a single event: after the headers when {@code headersFirst}, else before them. The
     * server then probes the connection with SSE comments, which a client ignores: before the headers only once
     * {@link ScriptedModelServer#release()} lets it answer. A probe that fails means the client closed the connection:
     * {@link ScriptedModelServer#awaitHangUp}.
     */
    public record Hold(boolean headersFirst) implements Answer {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final Queue<Answer> script = new ConcurrentLinkedQueue<>();
    private final Map<String, Answer> byLastUserText = new ConcurrentHashMap<>();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private final CountDownLatch hungUp = new CountDownLatch(1);
    private final CountDownLatch holding = new CountDownLatch(1);

    private ScriptedModelServer(HttpServer server) {
        this.server = server;
    }

    public static ScriptedModelServer start() throws IOException {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        ScriptedModelServer scripted = new ScriptedModelServer(http);
        http.createContext("/v1/chat/completions", scripted::answer);
        http.setExecutor(scripted.executor);
        http.start();
        return scripted;
    }

    /** The base URL a client is given: {@code http://127.0.0.1:PORT/v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Queues answers, used in order; once they are used up the default answer returns. */
    public ScriptedModelServer then(Answer... answers) {
        script.addAll(List.of(answers));
        return this;
    }

    /** Answers {@code answer} to every request whose last user message is {@code userText}, before any queued one. */
    public ScriptedModelServer whenAsked(String userText, Answer answer) {
        byLastUserText.put(userText, answer);
        return this;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    /** Waits until a {@link Hold} has the request. */
    public boolean awaitHolding(long timeout, TimeUnit unit) throws InterruptedException {
        return holding.await(timeout, unit);
    }

    /** Waits until a {@link Hold}'s client closed its connection. */
    public boolean awaitHangUp(long timeout, TimeUnit unit) throws InterruptedException {
        return hungUp.await(timeout, unit);
    }

    /** Lets every stalled answer go on. */
    public void release() {
        released.countDown();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = Json.parse(exchange.getRequestBody().readAllBytes());
            Received request = new Received(exchange.getRequestHeaders().getFirst("Authorization"), body);
            received.add(request);
            Answer answer = byLastUserText.get(lastUserText(body));
            if (answer == null) {
                answer = script.poll();
            }
            if (answer == null) {
                answer = new Reply("The scripted model heard: " + lastUserText(body));
            }
            switch (answer) {
                case Status status -> send(exchange, status.code(), status.body());
                case Reply reply when request.streamed() -> stream(exchange, reply.text(), null, false);
                case Reply reply -> send(exchange, 200, Json.write(completion(reply.text(), null)));
                case ToolCall call when request.streamed() -> stream(exchange, null, List.of(call), false);
                case ToolCall call -> send(exchange, 200, Json.write(completion(null, List.of(call))));
                case ToolCalls calls when request.streamed() -> stream(exchange, null, calls.calls(), false);
                case ToolCalls calls -> send(exchange, 200, Json.write(completion(null, calls.calls())));
                case Hold hold -> hold(exchange, hold.headersFirst());
                case Stall stall when request.streamed() -> stream(exchange, stall.text(), null, true);
                case Stall stall -> {
                    awaitRelease();
                    send(exchange, 200, Json.write(completion(stall.text(), null)));
                }
            }
        } catch (IOException clientGone) {
            // the client stopped reading: a cancelled call
        }
    }

    private void hold(HttpExchange exchange, boolean headersFirst) throws IOException {
        if (headersFirst) {
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
            exchange.getResponseBody().flush();
        }
        holding.countDown();
        if (!headersFirst) {
            awaitRelease();
            exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
            exchange.sendResponseHeaders(200, 0);
        }
        OutputStream out = exchange.getResponseBody();
        try {
            for (int probe = 0; probe < 3_000; probe++) {
                out.write(": still thinking\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
                Thread.sleep(20);
            }
        } catch (IOException closedByClient) {
            hungUp.countDown();
            throw closedByClient;
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitRelease() {
        try {
            released.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String lastUserText(JsonNode body) {
        String text = "";
        for (JsonNode message : body.path("messages")) {
            if ("user".equals(message.path("role").asText())) {
                text = message.path("content").asText();
            }
        }
        return text;
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private void stream(HttpExchange exchange, String text, List<ToolCall> calls, boolean stallAfterFirst)
            throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        if (calls != null) {
            for (int i = 0; i < calls.size(); i++) {
                ObjectNode delta = JsonNodeFactory.instance.objectNode().put("role", "assistant");
                delta.set("tool_calls",
                        JsonNodeFactory.instance.arrayNode().add(toolCall(calls.get(i), i).put("index", i)));
                event(out, chunk(delta, null));
            }
            event(out, chunk(JsonNodeFactory.instance.objectNode(), "tool_calls"));
        } else {
            List<String> words = words(text);
            for (int i = 0; i < words.size(); i++) {
                event(out, chunk(JsonNodeFactory.instance.objectNode().put("content", words.get(i)), null));
                if (i == 0 && stallAfterFirst) {
                    awaitRelease();
                }
            }
            event(out, chunk(JsonNodeFactory.instance.objectNode(), "stop"));
        }
        ObjectNode usage = base();
        usage.set("choices", JsonNodeFactory.instance.arrayNode());
        usage.set("usage", usage());
        event(out, Json.write(usage));
        out.write("data: [DONE]\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The words of {@code text}, each but the last with the space after it. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == ' ') {
                words.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) {
            words.add(text.substring(start));
        }
        return words;
    }

    private static void event(OutputStream out, String data) throws IOException {
        out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    private static String chunk(ObjectNode delta, String finishReason) {
        ObjectNode chunk = base().put("object", "chat.completion.chunk");
        ObjectNode choice = JsonNodeFactory.instance.objectNode().put("index", 0);
        choice.set("delta", delta);
        if (finishReason == null) {
            choice.putNull("finish_reason");
        } else {
            choice.put("finish_reason", finishReason);
        }
        chunk.set("choices", JsonNodeFactory.instance.arrayNode().add(choice));
        return Json.write(chunk);
    }

    private static ObjectNode completion(String text, List<ToolCall> calls) {
        ObjectNode message = JsonNodeFactory.instance.objectNode().put("role", "assistant");
        if (calls != null) {
            message.putNull("content");
            ArrayNode toolCalls = message.putArray("tool_calls");
            for (int i = 0; i < calls.size(); i++) {
                toolCalls.add(toolCall(calls.get(i), i));
            }
        } else {
            message.put("content", text);
        }
        ObjectNode choice = JsonNodeFactory.instance.objectNode().put("index", 0);
        choice.set("message", message);
        choice.put("finish_reason", calls != null ? "tool_calls" : "stop");
        ObjectNode completion = base().put("object", "chat.completion");
        ArrayNode choices = completion.putArray("choices");
        choices.add(choice);
        completion.set("usage", usage());
        return completion;
    }

    private static ObjectNode toolCall(ToolCall call, int index) {
        ObjectNode function = JsonNodeFactory.instance.objectNode().put("name", call.name())
                .put("arguments", call.argumentsJson());
        ObjectNode toolCall = JsonNodeFactory.instance.objectNode().put("id", "call_" + (index + 1))
                .put("type", "function");
        toolCall.set("function", function);
        return toolCall;
    }

    private static ObjectNode base() {
        return JsonNodeFactory.instance.objectNode().put("id", "chatcmpl-scripted").put("created", 1_700_000_000L)
                .put("model", "scripted-model");
    }

    private static ObjectNode usage() {
        return JsonNodeFactory.instance.objectNode().put("prompt_tokens", 21).put("completion_tokens", 8)
                .put("total_tokens", 29);
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        executor.shutdownNow();
    }
}
