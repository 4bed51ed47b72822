package dev.agentport.langchain4j;

import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.PartialResponse;
import dev.langchain4j.model.chat.response.PartialResponseContext;
import dev.langchain4j.model.chat.response.PartialThinking;
import dev.langchain4j.model.chat.response.PartialThinkingContext;
import dev.langchain4j.model.chat.response.PartialToolCall;
import dev.langchain4j.model.chat.response.PartialToolCallContext;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.chat.response.StreamingHandle;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

/**
 * One streamed answer of a model, read on the run's own thread: the model's client calls back on its threads, and
 * this hands each token over a queue, so the run emits its deltas where the engine can interrupt it. When the run stops
 * waiting (interrupted at its deadline or on cancellation, or an emitter refusing a delta because the client left),
 * the stream is cancelled, which closes the response's body; a token arriving later cancels it too. The handle comes
 * with every partial event (text, a tool call's arguments, reasoning), so a reply that streams only a tool call or
 * reasoning is cancelled as well. That handle comes only with the first event; a model on a
 * {@link CancellableHttpClient} also hands over its {@link StreamingCall}, so the run closes a call that has not
 * answered yet, or that sent its headers and then held the connection.
 */
final class StreamedReply implements StreamingChatResponseHandler {

    private sealed interface Event {
    }

    private record Token(String text) implements Event {
    }

    private record Done(ChatResponse response) implements Event {
    }

    private record Failed(Throwable error) implements Event {
    }

    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private volatile StreamingHandle handle;
    private volatile StreamingCall call;
    private volatile boolean abandoned;

    private StreamedReply() {
    }

    /** Asks {@code model}, passing each token to {@code deltas} on this thread, and returns the whole response. */
    static ChatResponse ask(StreamingChatModel model, ChatRequest request, Consumer<String> deltas)
            throws InterruptedException {
        StreamedReply reply = new StreamedReply();
        StreamingCall.observe(started -> reply.call = started, () -> model.chat(request, reply));
        return reply.await(deltas);
    }

    private ChatResponse await(Consumer<String> deltas) throws InterruptedException {
        try {
            while (true) {
                switch (events.take()) {
                    case Token token -> deltas.accept(token.text());
                    case Done done -> {
                        return done.response();
                    }
                    case Failed failed -> throw failed.error() instanceof RuntimeException runtime ? runtime
                            : new IllegalStateException(failed.error().getMessage(), failed.error());
                }
            }
        } catch (InterruptedException | RuntimeException stopped) {
            abandon();
            throw stopped;
        }
    }

    private void abandon() {
        abandoned = true;
        StreamingHandle known = handle;
        if (known != null) {
            known.cancel();
        }
        StreamingCall started = call;
        if (started != null) {
            started.stop();
        }
    }

    @Override
    public void onPartialResponse(PartialResponse partialResponse, PartialResponseContext context) {
        if (keep(context.streamingHandle())) {
            onPartialResponse(partialResponse.text());
        }
    }

    @Override
    public void onPartialToolCall(PartialToolCall partialToolCall, PartialToolCallContext context) {
        keep(context.streamingHandle());
    }

    @Override
    public void onPartialThinking(PartialThinking partialThinking, PartialThinkingContext context) {
        keep(context.streamingHandle());
    }

    /** Keeps the stream's handle so the run can cancel it; cancels at once a stream the run left. */
    private boolean keep(StreamingHandle streamingHandle) {
        handle = streamingHandle;
        if (abandoned) {
            streamingHandle.cancel();
            return false;
        }
        return true;
    }

    @Override
    public void onPartialResponse(String partialResponse) {
        if (!abandoned && partialResponse != null && !partialResponse.isEmpty()) {
            events.add(new Token(partialResponse));
        }
    }

    @Override
    public void onCompleteResponse(ChatResponse completeResponse) {
        events.add(new Done(completeResponse));
    }

    @Override
    public void onError(Throwable error) {
        events.add(new Failed(error));
    }
}
