package dev.agentport.contract.broken;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.contract.Exchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** The changes breakages make to an answer: a status, a header, the body's JSON or text. */
public final class Changes {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Changes() {
    }

    public static UnaryOperator<Exchange> status(int status) {
        return answer -> new Exchange(answer.target(), answer.request(), status, answer.headers(), answer.body(),
                answer.events());
    }

    public static UnaryOperator<Exchange> withoutHeader(String name) {
        return answer -> {
            Map<String, List<String>> headers = new LinkedHashMap<>(answer.headers());
            headers.remove(name.toLowerCase(Locale.ROOT));
            return new Exchange(answer.target(), answer.request(), answer.status(), headers, answer.body(),
                    answer.events());
        };
    }

    public static UnaryOperator<Exchange> header(String name, String value) {
        return answer -> {
            Map<String, List<String>> headers = new LinkedHashMap<>(answer.headers());
            headers.put(name.toLowerCase(Locale.ROOT), new ArrayList<>(List.of(value)));
            return new Exchange(answer.target(), answer.request(), answer.status(), headers, answer.body(),
                    answer.events());
        };
    }

    /** The body's text changed; {@code Content-Length} is set again by the server that writes it. */
    public static UnaryOperator<Exchange> text(UnaryOperator<String> change) {
        return answer -> new Exchange(answer.target(), answer.request(), answer.status(), answer.headers(),
                change.apply(answer.text()).getBytes(StandardCharsets.UTF_8), answer.events());
    }

    /** The body's JSON object changed in place. */
    public static UnaryOperator<Exchange> json(Consumer<ObjectNode> change) {
        return text(text -> {
            try {
                JsonNode node = MAPPER.readTree(text);
                if (node instanceof ObjectNode object) {
                    change.accept(object);
                }
                return MAPPER.writeValueAsString(node);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Both changes, in order. */
    @SafeVarargs
    public static UnaryOperator<Exchange> all(UnaryOperator<Exchange>... changes) {
        return answer -> {
            Exchange changed = answer;
            for (UnaryOperator<Exchange> change : changes) {
                changed = change.apply(changed);
            }
            return changed;
        };
    }
}
