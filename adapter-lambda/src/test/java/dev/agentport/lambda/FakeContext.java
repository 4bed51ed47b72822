package dev.agentport.lambda;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/** A Lambda context whose remaining time counts down from a given budget, as the real one does. */
public final class FakeContext implements Context {

    private final Instant deadline;

    public FakeContext(Duration budget) {
        this.deadline = Instant.now().plus(budget);
    }

    @Override
    public String getAwsRequestId() {
        return "test-request-1";
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/agentport";
    }

    @Override
    public String getLogStreamName() {
        return "2026/03/10/[$LATEST]test";
    }

    @Override
    public String getFunctionName() {
        return "agentport";
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:123456789012:function:agentport";
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return (int) Math.max(0, Duration.between(Instant.now(), deadline).toMillis());
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.out.print(message);
            }

            @Override
            public void log(byte[] message) {
                System.out.print(new String(message, StandardCharsets.UTF_8));
            }
        };
    }
}
