package dev.agentport.lambda.events;

import dev.agentport.http.HttpRequest;

/**
 * An HTTP event read from Lambda's JSON.
 *
 * @param format  the payload format, which the response must follow
 * @param request the event as a core request
 */
public record HttpEvent(PayloadFormat format, HttpRequest request) {
}
