package dev.agentport.lambdalocal;

import java.time.Instant;
import java.util.Objects;

/**
 * The values AWS invents for each request: kept apart from the request so that event building stays a pure
 * function that tests can pin down.
 *
 * @param requestId the API Gateway / Function URL request id ({@code requestContext.requestId})
 * @param traceId   the X-Ray trace header value, {@code Root=1-...}
 * @param time      when the request arrived
 * @param accountId the AWS account id put in {@code requestContext.accountId}
 * @param region    the AWS region, used in the domain name
 */
public record EventStamp(String requestId, String traceId, Instant time, String accountId, String region) {

    public EventStamp {
        Objects.requireNonNull(requestId, "requestId");
        Objects.requireNonNull(traceId, "traceId");
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(region, "region");
    }
}
