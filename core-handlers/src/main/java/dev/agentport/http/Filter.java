package dev.agentport.http;

/** Wraps a handler: may answer by itself, change the request, or change the response of the handler it wraps. */
@FunctionalInterface
public interface Filter {
    HttpResponse filter(HttpRequest request, Handler next);

    /** This filter applied around {@code handler}. */
    default Handler around(Handler handler) {
        return request -> filter(request, handler);
    }
}
