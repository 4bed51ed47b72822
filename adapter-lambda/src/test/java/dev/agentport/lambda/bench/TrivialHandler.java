package dev.agentport.lambda.bench;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The floor of the Lambda cold-start benchmark: a handler that reads its event and answers a fixed API Gateway v2
 * response, with no framework, no JSON library and no agent. {@code lambda-local/bench-coldstart N trivial} runs it in
 * the managed java21 runtime's launch, the same harness as AgentPort's zips, so that the difference is what AgentPort
 * costs a cold start. Only this class goes into that zip; the runtime interface client brings {@code Context}.
 */
public final class TrivialHandler implements RequestStreamHandler {

    private static final byte[] ANSWER = ("{\"statusCode\":200,\"headers\":{\"content-type\":\"application/json\"},"
            + "\"body\":\"{\\\"status\\\":\\\"healthy\\\"}\"}").getBytes(StandardCharsets.UTF_8);

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        input.readAllBytes();
        output.write(ANSWER);
    }
}
