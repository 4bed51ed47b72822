package dev.agentport.face;

import dev.agentport.http.HttpResponse;
import dev.agentport.http.Router;

/** How a face answers what no handler of its own answers: unknown paths and methods, escaped failures, refusals. */
public interface ErrorShape extends Router.Fallbacks {

    /**
     * The answer to a request the adapter's HTTP layer refused before the core saw it (a malformed request line,
     * oversized headers): the given status, with the adapter's explanation (never the caller's data) when it has one.
     */
    HttpResponse transportError(int status, String detail);
}
