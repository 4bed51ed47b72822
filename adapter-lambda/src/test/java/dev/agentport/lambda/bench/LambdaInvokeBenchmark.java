package dev.agentport.lambda.bench;

import dev.agentport.AgentPort;
import dev.agentport.defaultagent.DefaultAgent;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.lambda.LambdaHandler;
import dev.agentport.lambda.SampleEvents;
import dev.agentport.lambda.events.HttpEvent;
import dev.agentport.lambda.events.HttpEvents;
import dev.agentport.runtime.RuntimeConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Warm cost of one {@code POST /invoke} on the default agent. {@link #lambdaHandler} goes the whole way a managed
 * runtime invocation goes (event JSON bytes in, {@code handleRequest}, response event bytes out);
 * {@link #coreDirect} hands the core the same request already built, which is the ceiling. The difference is the
 * adapter's own cost; {@link #eventMappingOnly} measures the mapping alone (read the event, write a response event).
 *
 * <p>Neither request carries a deadline (the handler gets no Context): with one, the core runs the agent on a
 * virtual thread and waits for it, the same on both paths but a thread hand-off whose wake-up latency swamps the
 * figures on a loaded machine.
 *
 * <p>Run: {@code ./mvnw -pl adapter-lambda -am -Pbench -DskipTests -Dlambda.jre.skip=true verify}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LambdaInvokeBenchmark {

    private AgentPort core;
    private LambdaHandler handler;
    private byte[] event;
    private HttpRequest request;
    private HttpResponse cannedResponse;

    @Setup
    public void setUp() {
        core = AgentPort.builder().agent(new DefaultAgent(Duration.ZERO)).config(RuntimeConfig.defaults()).build()
                .startAndAwait();
        handler = new LambdaHandler(core);
        event = SampleEvents.bytes("http-api-v2-invoke.json");
        request = HttpEvents.read(HttpEvents.parse(event), null).request();
        cannedResponse = core.handle(request);
    }

    @Benchmark
    public byte[] lambdaHandler() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        handler.handleRequest(new ByteArrayInputStream(event), out, null);
        return out.toByteArray();
    }

    @Benchmark
    public HttpResponse coreDirect() {
        return core.handle(request);
    }

    @Benchmark
    public byte[] eventMappingOnly() {
        HttpEvent mapped = HttpEvents.read(HttpEvents.parse(event), null);
        return HttpEvents.write(mapped.format(), cannedResponse, cannedResponse.bodyBytes());
    }
}
