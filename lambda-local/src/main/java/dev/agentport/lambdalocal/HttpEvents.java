package dev.agentport.lambdalocal;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Builds the payload format 2.0 event that API Gateway HTTP APIs and Lambda Function URLs send to a function, from a
 * plain HTTP request. Pure: the same request and stamp always give the same event.
 *
 * <ul>
 *   <li>header names are lower-cased and repeated headers are joined with {@code ","};</li>
 *   <li>the {@code Cookie} headers are not in {@code headers}: their cookies are split into the {@code cookies} array;</li>
 *   <li>{@code queryStringParameters} holds decoded values, repeated keys joined with {@code ","};</li>
 *   <li>a body is sent as text when its content type is textual and it is valid UTF-8, otherwise base64;</li>
 *   <li>like AWS, it adds {@code x-forwarded-for}, {@code x-forwarded-proto} and {@code x-amzn-trace-id}.</li>
 * </ul>
 */
public final class HttpEvents {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter REQUEST_TIME =
            DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final List<String> TEXT_SUBTYPES = List.of("json", "javascript", "xml", "yaml", "x-yaml",
            "x-www-form-urlencoded", "graphql");

    private HttpEvents() {
    }

    /** The event for {@code request}, as API Gateway (HTTP API) or a Function URL would build it. */
    public static ObjectNode toEvent(FrontRequest request, EventSource source, EventStamp stamp) {
        Map<String, String> headers = joinedHeaders(request);
        headers.putIfAbsent("x-amzn-trace-id", stamp.traceId());
        ObjectNode event = JSON.createObjectNode();
        event.put("version", "2.0");
        event.put("routeKey", "$default");
        event.put("rawPath", request.rawPath());
        event.put("rawQueryString", request.rawQuery());
        List<String> cookies = cookies(request.headers());
        if (!cookies.isEmpty()) {
            cookies.forEach(event.putArray("cookies")::add);
        }
        ObjectNode headerNode = event.putObject("headers");
        headers.forEach(headerNode::put);
        Map<String, String> query = queryParameters(request.rawQuery());
        if (!query.isEmpty()) {
            ObjectNode queryNode = event.putObject("queryStringParameters");
            query.forEach(queryNode::put);
        }
        event.set("requestContext", requestContext(request, source, stamp, headers));
        if (request.body().length > 0) {
            Optional<String> text = isTextual(headers.get("content-type")) ? utf8(request.body()) : Optional.empty();
            event.put("body", text.orElseGet(() -> Base64.getEncoder().encodeToString(request.body())));
            event.put("isBase64Encoded", text.isEmpty());
        } else {
            event.put("isBase64Encoded", false);
        }
        return event;
    }

    private static ObjectNode requestContext(FrontRequest request, EventSource source, EventStamp stamp,
                                             Map<String, String> headers) {
        ObjectNode context = JSON.createObjectNode();
        context.put("accountId", stamp.accountId());
        context.put("apiId", source.apiId());
        context.put("domainName", source.domainName(stamp.region()));
        context.put("domainPrefix", source.apiId());
        ObjectNode http = context.putObject("http");
        http.put("method", request.method());
        http.put("path", request.rawPath());
        http.put("protocol", request.protocol());
        http.put("sourceIp", request.sourceIp());
        http.put("userAgent", headers.getOrDefault("user-agent", ""));
        context.put("requestId", stamp.requestId());
        context.put("routeKey", "$default");
        context.put("stage", "$default");
        context.put("time", REQUEST_TIME.format(stamp.time()));
        context.put("timeEpoch", stamp.time().toEpochMilli());
        return context;
    }

    /** Lower-case names, repeated values joined with {@code ","}, Cookie left out; AWS's forwarding headers added. */
    static Map<String, String> joinedHeaders(FrontRequest request) {
        Map<String, String> joined = new LinkedHashMap<>();
        for (HeaderField field : request.headers()) {
            String name = field.name().toLowerCase(Locale.ROOT);
            if (!name.equals("cookie")) {
                joined.merge(name, field.value(), (first, next) -> first + "," + next);
            }
        }
        joined.merge("x-forwarded-for", request.sourceIp(), (first, next) -> first + "," + next);
        joined.putIfAbsent("x-forwarded-proto", "http");
        return joined;
    }

    /** Every cookie of every Cookie header, in order, e.g. {@code ["a=1", "b=2"]}. */
    static List<String> cookies(List<HeaderField> headers) {
        List<String> cookies = new ArrayList<>();
        for (HeaderField field : headers) {
            if (field.name().equalsIgnoreCase("cookie")) {
                for (String cookie : field.value().split(";")) {
                    if (!cookie.isBlank()) {
                        cookies.add(cookie.strip());
                    }
                }
            }
        }
        return cookies;
    }

    /** Decoded query parameters; a repeated key keeps every value, joined with {@code ","}. */
    static Map<String, String> queryParameters(String rawQuery) {
        Map<String, String> parameters = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return parameters;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String key = decode(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
            parameters.merge(key, value, (first, next) -> first + "," + next);
        }
        return parameters;
    }

    private static String decode(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw;
        }
    }

    /** {@code text/*}, JSON, XML, YAML, JavaScript, GraphQL and form bodies are text; everything else is binary. */
    static boolean isTextual(String contentType) {
        if (contentType == null) {
            return false;
        }
        String mediaType = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        int slash = mediaType.indexOf('/');
        if (slash < 0) {
            return false;
        }
        String type = mediaType.substring(0, slash);
        String subtype = mediaType.substring(slash + 1);
        return type.equals("text")
                || TEXT_SUBTYPES.contains(subtype)
                || subtype.endsWith("+json") || subtype.endsWith("+xml") || subtype.endsWith("+yaml");
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException notUtf8) {
            return Optional.empty();
        }
    }
}
