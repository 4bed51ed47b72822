package dev.agentport.lambdalocal;

/**
 * Which AWS front the emulated event pretends to come from. Both use payload format 2.0; they differ only in the
 * identifiers they put in {@code requestContext}.
 */
public enum EventSource {

    /** API Gateway HTTP API, the usual front of a buffered function. */
    HTTP_API("localapi01", "localapi01.execute-api.%s.amazonaws.com"),

    /** A Lambda Function URL, the front that can stream ({@code InvokeMode: RESPONSE_STREAM}). */
    FUNCTION_URL("localurl0000000000000000000000001", "localurl0000000000000000000000001.lambda-url.%s.on.aws");

    private final String apiId;
    private final String domainNamePattern;

    EventSource(String apiId, String domainNamePattern) {
        this.apiId = apiId;
        this.domainNamePattern = domainNamePattern;
    }

    public String apiId() {
        return apiId;
    }

    public String domainName(String region) {
        return domainNamePattern.formatted(region);
    }
}
