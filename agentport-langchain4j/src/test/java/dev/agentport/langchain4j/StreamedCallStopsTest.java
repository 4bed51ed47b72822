package dev.agentport.langchain4j;

import dev.agentport.agent.Agent;
import dev.agentport.agent.RunInput;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.RecordingEmitter;
import dev.agentport.testing.TestRuns;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A streamed model call the run stopped waiting for is closed, not left to the provider: here a provider that streams
 * the start of a tool call and then holds the connection, on a raw socket that sees the client hang up.
 */
class StreamedCallStopsTest {

    private static final String TOOL_CALL_START = "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\","
            + "\"created\":1,\"model\":\"m\",\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\","
            + "\"tool_calls\":"
            + "[{\"index\":0,\"id\":\"call_1\",\"type\":\"function\",\"function\":{\"name\":\"book\","
            + "\"arguments\":\"{\\\"fl\"}}]},\"finish_reason\":null}]}\n\n";

    @Test
    void a_streamed_tool_call_the_run_stopped_waiting_for_is_cancelled() throws Exception {
        try (ServerSocket provider = new ServerSocket(0);
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            CountDownLatch hungUp = new CountDownLatch(1);
            Thread.ofPlatform().daemon().start(() -> holdAfterToolCallStart(provider, hungUp));
            String url = "http://127.0.0.1:" + provider.getLocalPort() + "/v1";
            Agent agent = LangChain4jAgent.builder()
                    .streamingChatModel(OpenAiStreamingChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                            .baseUrl(url).apiKey("sk-test").modelName("m").timeout(Duration.ofMinutes(5)).build())
                    .build();
            Runs runs = new Runs(agent, new InMemorySessionStore(), Duration.ofSeconds(1), null);

            RunOutcome outcome = threads.submit(() -> runs.newRun(TestRuns.request()).session("s").build()
                    .stream(RunInput.of("book LH 400"), new RecordingEmitter())).get();

            assertEquals(AgentFailures.Kind.DEADLINE_EXCEEDED,
                    assertInstanceOf(RunOutcome.Failed.class, outcome).failure().kind());
            assertTrue(hungUp.await(30, TimeUnit.SECONDS), "the model call outlived its run");
        }
    }

    private static void holdAfterToolCallStart(ServerSocket provider, CountDownLatch hungUp) {
        try (Socket connection = provider.accept()) {
            InputStream in = connection.getInputStream();
            byte[] buffer = new byte[65_536];
            in.read(buffer);
            OutputStream out = connection.getOutputStream();
            byte[] event = TOOL_CALL_START.getBytes(StandardCharsets.UTF_8);
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + Integer.toHexString(event.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(event);
            out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            while (in.read(buffer) >= 0) {
                // the provider holds the call until the client hangs up
            }
            hungUp.countDown();
        } catch (IOException hungUpHard) {
            hungUp.countDown();
        }
    }
}
