package dev.agentport.parity.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A valid request of one face's endpoint, the starting point of mutations.
 *
 * @param name    what it is, e.g. "a2a 1.0 SendMessage"
 * @param method  the HTTP method
 * @param path    the path, with a query when it has one
 * @param headers header lines (name, value) besides Host, Content-Length and Connection
 * @param body    the JSON body, or null for none
 */
public record Template(String name, String method, String path, List<Header> headers, String body) {

    public record Header(String name, String value) {
    }

    static Template get(String name, String path, Header... headers) {
        return new Template(name, "GET", path, List.of(headers), null);
    }

    static Template post(String name, String path, String body, Header... headers) {
        List<Header> all = new ArrayList<>();
        all.add(new Header("Content-Type", "application/json"));
        all.addAll(List.of(headers));
        return new Template(name, "POST", path, List.copyOf(all), body);
    }
}
