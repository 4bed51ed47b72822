package dev.agentport.agentbreeder;

import java.util.List;

/**
 * One endpoint of the contract: the router is built from these, and so is the OpenAPI document, so the two cannot
 * drift apart.
 *
 * @param method         HTTP method
 * @param path           exact path
 * @param operationId    OpenAPI operation id
 * @param summary        one line
 * @param tag            OpenAPI tag
 * @param bearer         whether the bearer token (when configured) is required
 * @param requestSchema  name of the request body schema, or {@code null}
 * @param responseSchema name of the 200 body schema; {@code null} for the SSE stream
 * @param errors         the errors this endpoint can answer with
 * @param headers        request headers this endpoint reads
 */
record Endpoint(String method,
                String path,
                String operationId,
                String summary,
                String tag,
                boolean bearer,
                String requestSchema,
                String responseSchema,
                List<ErrorCode> errors,
                List<String> headers) {
}
