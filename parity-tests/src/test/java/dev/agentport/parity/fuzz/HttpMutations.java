package dev.agentport.parity.fuzz;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.SplittableRandom;

import static dev.agentport.parity.fuzz.HostileValues.pick;

/** Mutations of everything around the body: method, target, version, headers, framing. */
final class HttpMutations {

    static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD",
            "TRACE", "PROPFIND", "BREW", "post", "Get", "M-SEARCH", "X".repeat(100));
    static final List<String> PATHS = List.of("/", "/invoke", "/stream", "/resume", "/a2a", "/mcp", "/run-task",
            "/health", "/invoke/", "//invoke", "/INVOKE", "/./invoke", "/../invoke", "/x/../invoke", "/invoke%2F",
            "/%69nvoke", "/invoke;jsessionid=1", "/invoke?", "/invoke?a=%zz&b", "/invoke#frag", "/mcp/",
            "/a2a/x", "/.well-known/", "/.well-known/agent.json/", "/%00", "/%", "/%2e%2e/%2e%2e/etc/passwd",
            "/openapi.json?" + "q=1&".repeat(200), "/" + "a".repeat(9_000), "*", "http://127.0.0.1/health",
            "health", "/\u00e9", "/a2a?A2A-Version=9.9", "/mcp?x=1", "/%ff%fe", "/..;/invoke", "/ /",
            "/message:send", "/t/tasks/x:cancel", "/tasks/x:explode", "/tasks?pageSize=-1&status=%zz");
    static final List<String> VERSIONS = List.of("HTTP/1.0", "HTTP/1.2", "HTTP/2.0", "HTTP/3", "http/1.1",
            "HTTP/1.1 x", "", "HTTP/0.9", "HTTP/1.1\u0000");
    static final List<String> CONTENT_TYPES = List.of("", "text/plain", "application/xml", "application/json; "
            + "charset=utf-16", "application/json;charset=latin1", "multipart/form-data; boundary=x",
            "application/x-www-form-urlencoded", "application/merge-patch+json", "application/json;;;",
            "APPLICATION/JSON", "application/jsonx", "json", "*/*", "application/*", "text/event-stream",
            "application/json, text/plain", "application/json; charset=\"utf-8\"", "\u00e9/\u00e8");
    static final List<String> ACCEPTS = List.of("", "application/json", "text/event-stream", "text/html",
            "application/json, text/event-stream", "*/*", "application/*, text/*", "application/json;q=0",
            "image/png", ",,,", "text/event-stream;q=1, application/json;q=0.5", "a".repeat(4_000));
    static final List<String> CONTRACT_HEADERS = List.of("X-Runtime-Contract-Version", "X-Session-Id",
            "X-Request-Id", "traceparent", "tracestate", "X-Trace-Id", "A2A-Version", "A2A-Extensions",
            "X-A2A-Extensions", "Mcp-Session-Id", "MCP-Protocol-Version", "Mcp-Method", "Mcp-Name", "Origin",
            "Last-Event-ID", "Forwarded", "X-Forwarded-For", "Cookie", "Range", "If-None-Match",
            "Accept-Encoding", "Accept-Charset", "TE", "Upgrade", "Expect", "Content-Encoding");

    private HttpMutations() {
    }

    static void mutate(SplittableRandom random, Draft draft, String token, List<String> applied) {
        switch (random.nextInt(16)) {
            case 0 -> {
                draft.method = pick(random, METHODS);
                applied.add("method " + draft.method);
            }
            case 1 -> {
                draft.target = pick(random, PATHS);
                applied.add("target " + abbreviate(draft.target));
            }
            case 2 -> {
                draft.version = pick(random, VERSIONS);
                applied.add("version '" + draft.version + "'");
            }
            case 3 -> {
                String type = pick(random, CONTENT_TYPES);
                if (type.isEmpty()) {
                    draft.remove("Content-Type");
                } else {
                    draft.set("Content-Type", type);
                }
                applied.add("Content-Type '" + type + "'");
            }
            case 4 -> {
                String accept = pick(random, ACCEPTS);
                if (accept.isEmpty()) {
                    draft.remove("Accept");
                } else {
                    draft.set("Accept", accept);
                }
                applied.add("Accept '" + abbreviate(accept) + "'");
            }
            case 5 -> authorization(random, draft, token, applied);
            case 6 -> {
                draft.framing = pick(random, List.of(Draft.Framing.values()));
                if (draft.body == null) {
                    draft.body = "{}".getBytes(StandardCharsets.UTF_8);
                }
                applied.add("framing " + draft.framing);
            }
            case 7 -> {
                int count = pick(random, List.of(1, 5, 50, 150));
                for (int i = 0; i < count; i++) {
                    draft.headers.add(new Template.Header("X-Stray-" + random.nextInt(1_000_000),
                            HostileValues.longText(random, random.nextInt(1, 60))));
                }
                applied.add(count + " stray headers");
            }
            case 8 -> {
                int size = pick(random, List.of(8_000, 10_000, 16_384, 17_000, 40_000));
                draft.headers.add(new Template.Header(pick(random, List.of("X-Big", "Cookie", "X-Request-Id",
                        "Mcp-Session-Id", "Accept", "Content-Type")), "v".repeat(size)));
                applied.add(size + "-byte header");
            }
            case 9, 10 -> {
                String name = pick(random, CONTRACT_HEADERS);
                String value = pick(random, HostileValues.HEADER_VALUES);
                if (random.nextBoolean()) {
                    draft.set(name, value);
                } else {
                    draft.headers.add(new Template.Header(name, value));
                }
                applied.add(name + ": '" + abbreviate(value) + "'");
            }
            case 11 -> host(random, draft, applied);
            case 12 -> {
                byte[] line = pick(random, List.of("X-Bytes: \u00ff\u00fe\u0080", "X-Fold: a\r\n  folded",
                        "NoColonHere", ": empty-name", "X-Space : before-colon", "X-Ctl: a\u0001b",
                        "X-Nul: a\u0000b", "X-Tab:\tvalue", "X-CR: a\rb", "Héader: x", "X-Empty:",
                        "Content-Length: 0", "Transfer-Encoding: gzip", "Transfer-Encoding: chunked, identity"))
                        .getBytes(StandardCharsets.ISO_8859_1);
                draft.rawHeaderLines.add(line);
                applied.add("header line '" + abbreviate(new String(line, StandardCharsets.ISO_8859_1)) + "'");
            }
            case 13 -> {
                draft.lineEnd = "\n";
                applied.add("LF line ends");
            }
            case 14 -> {
                draft.set("Expect", "100-continue");
                applied.add("Expect: 100-continue");
            }
            default -> {
                draft.method = pick(random, List.of("", " ", "POST /invoke", "GET\t", "\u00ff"));
                draft.target = pick(random, List.of("", "/", "/ extra words"));
                applied.add("broken request line");
            }
        }
    }

    private static void authorization(SplittableRandom random, Draft draft, String token, List<String> applied) {
        int choice = random.nextInt(11);
        String value = switch (choice) {
            case 0 -> null;
            case 1 -> "Bearer";
            case 2 -> "Bearer ";
            case 3 -> "Basic dXNlcjpwYXNz";
            case 4 -> "Bearer wrong-token";
            case 5 -> "bearer " + token;
            case 6 -> "Bearer " + token + "x";
            case 7 -> "Bearer  " + token + " ";
            case 8 -> "Bearer " + token.substring(0, token.length() - 1);
            case 9 -> "Bearer " + "t".repeat(5_000);
            default -> "BEARER " + token;
        };
        if (choice == 10 && random.nextBoolean()) {
            draft.headers.add(new Template.Header("Authorization", "Bearer " + token));
            applied.add("Authorization twice");
            return;
        }
        if (value == null) {
            draft.remove("Authorization");
            applied.add("no Authorization");
        } else {
            draft.set("Authorization", value);
            applied.add("Authorization variant " + choice);
        }
    }

    private static void host(SplittableRandom random, Draft draft, List<String> applied) {
        String host = pick(random, List.of("", "evil.example", "localhost", "127.0.0.1:1", "[::1]", "a b",
                "localhost:99999", "h".repeat(300), "127.0.0.1:80@evil", "0x7f.1"));
        if (host.isEmpty()) {
            draft.remove("Host");
            applied.add("no Host");
        } else if (random.nextBoolean()) {
            draft.set("Host", host);
            applied.add("Host '" + abbreviate(host) + "'");
        } else {
            draft.headers.add(new Template.Header("Host", host));
            applied.add("second Host '" + abbreviate(host) + "'");
        }
    }

    static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "...(" + text.length() + ")" : text;
    }
}
