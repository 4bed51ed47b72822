package dev.agentport.http;

/** Header names the core reads or writes. */
public final class HttpHeaderNames {
    public static final String CONTENT_TYPE = "Content-Type";
    public static final String CONTENT_LENGTH = "Content-Length";
    public static final String AUTHORIZATION = "Authorization";
    public static final String WWW_AUTHENTICATE = "WWW-Authenticate";
    public static final String ALLOW = "Allow";
    public static final String RETRY_AFTER = "Retry-After";
    public static final String CACHE_CONTROL = "Cache-Control";
    public static final String X_ACCEL_BUFFERING = "X-Accel-Buffering";
    public static final String X_REQUEST_ID = "X-Request-Id";
    /** The request id AWS Bedrock AgentCore Runtime sends with every request it passes on, whatever the protocol. */
    public static final String AGENTCORE_REQUEST_ID = "X-Amzn-Bedrock-AgentCore-Runtime-Request-Id";
    public static final String X_TRACE_ID = "X-Trace-Id";
    public static final String TRACEPARENT = "traceparent";
    public static final String X_SESSION_ID = "X-Session-Id";

    private HttpHeaderNames() {
    }
}
