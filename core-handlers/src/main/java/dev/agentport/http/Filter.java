package dev.agentport.http;

/** Wraps a handler: may answer by itself, change the request, or change the response of the handler it wraps. */
@FunctionalInterface
public interface Filter {
    /** The filter that only passes the request on; {@link #around} it is the handler itself, with no call between. */
    Filter NONE = (request, next) -> next.handle(request);

    HttpResponse filter(HttpRequest request, Handler next);

    /** This filter applied around {@code handler}. */
    default Handler around(Handler handler) {
        return this == NONE ? handler : request -> filter(request, handler);
    }
}
