package dev.agentport.lambda.events;

/** The shape of an HTTP event and of the response Lambda expects back for it. */
public enum PayloadFormat {
    /** API Gateway REST API (and HTTP API with payload format 1.0): {@code httpMethod}, {@code multiValueHeaders}. */
    V1,
    /** API Gateway HTTP API payload format 2.0 and Lambda Function URLs: {@code rawPath}, {@code cookies}. */
    V2
}
