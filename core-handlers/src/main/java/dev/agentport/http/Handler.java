package dev.agentport.http;

/** Turns a request into a response. Pure: no platform types, no I/O beyond what the response body does later. */
@FunctionalInterface
public interface Handler {
    HttpResponse handle(HttpRequest request);
}
