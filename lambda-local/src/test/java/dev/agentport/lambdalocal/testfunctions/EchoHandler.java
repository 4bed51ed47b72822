package dev.agentport.lambdalocal.testfunctions;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tiny function run by the real AWS runtime interface client in the tests. By {@code rawPath}:
 * {@code /boom} throws, {@code /sleep} sleeps past any test timeout, anything else answers 201 with the event
 * (base64) as body, two cookies, and what the Lambda context said in headers.
 */
public final class EchoHandler implements RequestStreamHandler {

    private static final Pattern RAW_PATH = Pattern.compile("\"rawPath\":\"([^\"]*)\"");

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        byte[] event = input.readAllBytes();
        Matcher path = RAW_PATH.matcher(new String(event, StandardCharsets.UTF_8));
        String rawPath = path.find() ? path.group(1) : "";
        switch (rawPath) {
            case "/boom" -> throw new IllegalStateException("boom on purpose");
            case "/sleep" -> {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            default -> { }
        }
        String response = """
                {"statusCode":201,
                 "headers":{"content-type":"application/json","x-aws-request-id":"%s","x-function-arn":"%s",
                            "x-remaining-ms":"%d","x-function-name":"%s"},
                 "cookies":["a=1; Path=/","b=2"],
                 "body":"%s",
                 "isBase64Encoded":true}""".formatted(context.getAwsRequestId(), context.getInvokedFunctionArn(),
                context.getRemainingTimeInMillis(), context.getFunctionName(),
                Base64.getEncoder().encodeToString(event));
        output.write(response.getBytes(StandardCharsets.UTF_8));
    }
}
