package dev.agentport.parity.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static dev.agentport.parity.fuzz.HostileValues.pick;

/**
 * Mutations of a JSON body. Structural ones work on the parsed tree, with a marker standing for raw text the tree
 * cannot hold (deep nesting, numbers past the limits, duplicate keys, broken escapes); byte ones work on the
 * encoded body (invalid UTF-8, BOMs, truncation, garbage).
 */
final class JsonMutations {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String MARK = "@@fuzz-raw@@";

    private final SplittableRandom random;
    private final List<String> applied;
    private JsonNode root;
    private final List<String> raws = new ArrayList<>();

    JsonMutations(SplittableRandom random, String body, List<String> applied) {
        this.random = random;
        this.applied = applied;
        try {
            this.root = MAPPER.readTree(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a template body is not JSON: " + body, e);
        }
    }

    /** Applies one structural mutation. */
    void mutate() {
        switch (random.nextInt(11)) {
            case 0 -> removeField();
            case 1 -> replace("type swap", HostileValues.anyValue(random));
            case 2 -> replace("huge string", "\"" + HostileValues.longText(random,
                    pick(random, List.of(1_000, 20_000, 60_000, 70_000))) + "\"");
            case 3 -> replace("deep nesting", HostileValues.nested(random,
                    pick(random, List.of(63, 64, 65, 200, 3_000, 15_000))));
            case 4 -> replace("number at the limit", pick(random, HostileValues.NUMBERS));
            case 5 -> duplicateKey();
            case 6 -> replace("odd string", quoted(pick(random, HostileValues.STRINGS)));
            case 7 -> replace("odd escape", pick(random, HostileValues.ESCAPES));
            case 8 -> addUnknownFields();
            case 9 -> wrapRoot();
            default -> replace("huge array", "[" + "1,".repeat(pick(random, List.of(1_000, 20_000))) + "1]");
        }
    }

    /** The body as bytes, with every marker replaced by its raw text. */
    byte[] bytes() {
        String text = root.toString();
        for (int i = raws.size() - 1; i >= 0; i--) {
            String marker = "\"" + MARK + i + "\"";
            text = text.replace(marker + ":" + marker, raws.get(i)).replace(marker, raws.get(i));
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** Applies one mutation to encoded bytes. */
    static byte[] mutateBytes(SplittableRandom random, byte[] body, List<String> applied) {
        int at = body.length == 0 ? 0 : random.nextInt(body.length + 1);
        return switch (random.nextInt(9)) {
            case 0 -> {
                byte[] bad = pick(random, List.of(new byte[]{(byte) 0xC3, 0x28}, new byte[]{(byte) 0xFF},
                        new byte[]{(byte) 0xC0, (byte) 0xAF}, new byte[]{(byte) 0xED, (byte) 0xA0, (byte) 0x80},
                        new byte[]{(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
                        new byte[]{(byte) 0xE2, (byte) 0x82}, new byte[]{(byte) 0x80, (byte) 0xBF}));
                applied.add("invalid UTF-8 at " + at);
                yield insert(body, inString(body, at), bad);
            }
            case 1 -> {
                byte[] bom = pick(random, List.of(new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                        new byte[]{(byte) 0xFE, (byte) 0xFF}, new byte[]{(byte) 0xFF, (byte) 0xFE}));
                applied.add("BOM");
                yield insert(body, 0, bom);
            }
            case 2 -> {
                applied.add("truncated at " + at);
                yield java.util.Arrays.copyOf(body, at);
            }
            case 3 -> {
                byte[] garbage = new byte[1 + random.nextInt(64)];
                for (int i = 0; i < garbage.length; i++) {
                    garbage[i] = (byte) random.nextInt(256);
                }
                applied.add("garbage bytes at " + at);
                yield insert(body, at, garbage);
            }
            case 4 -> {
                applied.add("empty body");
                yield new byte[0];
            }
            case 5 -> {
                byte[] trailing = pick(random, List.of("x", "{}", "]", "\u0000", " // c", ",")).getBytes(
                        StandardCharsets.UTF_8);
                applied.add("trailing text");
                yield insert(body, body.length, trailing);
            }
            case 6 -> {
                applied.add("NUL at " + at);
                yield insert(body, at, new byte[]{0});
            }
            case 7 -> {
                applied.add("whitespace padding");
                yield insert(body, 0, " \n\t\r".repeat(random.nextInt(1, 2_000)).getBytes(StandardCharsets.UTF_8));
            }
            default -> {
                applied.add("UTF-16 body");
                yield new String(body, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16LE);
            }
        };
    }

    private void removeField() {
        List<ObjectNode> objects = new ArrayList<>();
        collect(root, objects);
        ObjectNode object = objects.isEmpty() ? null : pick(random, objects);
        if (object == null || object.isEmpty()) {
            applied.add("nothing to remove");
            return;
        }
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        String name = pick(random, names);
        object.remove(name);
        applied.add("removed " + name);
    }

    /** Replaces a random value (the root included) by raw JSON text. */
    private void replace(String what, String raw) {
        TextNode marker = TextNode.valueOf(MARK + raws.size());
        raws.add(raw);
        List<JsonNode> parents = new ArrayList<>();
        collectContainers(root, parents);
        if (parents.isEmpty() || random.nextInt(20) == 0) {
            root = marker;
            applied.add(what + " as the body");
            return;
        }
        JsonNode parent = pick(random, parents);
        if (parent instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            String name = names.isEmpty() || random.nextInt(6) == 0 ? "extra" : pick(random, names);
            object.set(name, marker);
            applied.add(what + " at " + name);
        } else {
            ArrayNode array = (ArrayNode) parent;
            if (array.isEmpty()) {
                array.add(marker);
            } else {
                array.set(random.nextInt(array.size()), marker);
            }
            applied.add(what + " in an array");
        }
    }

    /** Adds a second member with the name of an existing one: {@code "name":<value>} in place of a marker pair. */
    private void duplicateKey() {
        List<ObjectNode> objects = new ArrayList<>();
        collect(root, objects);
        ObjectNode object = objects.isEmpty() ? null : pick(random, objects);
        if (object == null || object.isEmpty()) {
            applied.add("no key to duplicate");
            return;
        }
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        String name = pick(random, names);
        String marker = MARK + raws.size();
        raws.add(TextNode.valueOf(name) + ":" + HostileValues.anyValue(random));
        object.put(marker, marker);
        applied.add("duplicate key " + name);
    }

    private void addUnknownFields() {
        if (root instanceof ObjectNode object) {
            int count = pick(random, List.of(1, 10, 2_000));
            for (int i = 0; i < count; i++) {
                object.put("unknown" + i, i);
            }
            applied.add(count + " unknown fields");
        } else {
            applied.add("no object for unknown fields");
        }
    }

    private void wrapRoot() {
        String what = pick(random, List.of("[]", "[%s]", "[%s,%s]", "\"%s\"", "1", "null", "true", "{}"));
        String raw = what.replace("%s", root.toString().replace("\"", what.startsWith("\"") ? "'" : "\""));
        TextNode marker = TextNode.valueOf(MARK + raws.size());
        raws.add(raw);
        root = marker;
        applied.add("body as " + what);
    }

    private static void collect(JsonNode node, List<ObjectNode> objects) {
        if (node instanceof ObjectNode object) {
            objects.add(object);
        }
        node.forEach(child -> collect(child, objects));
    }

    private static void collectContainers(JsonNode node, List<JsonNode> containers) {
        if (node.isContainerNode()) {
            containers.add(node);
        }
        node.forEach(child -> collectContainers(child, containers));
    }

    private static String quoted(String value) {
        return TextNode.valueOf(value).toString();
    }

    /** A position inside a string literal near {@code at}, when there is one after it. */
    private static int inString(byte[] body, int at) {
        for (int i = at; i < body.length; i++) {
            if (body[i] == '"') {
                return i + 1;
            }
        }
        return at;
    }

    private static byte[] insert(byte[] body, int at, byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(body.length + bytes.length);
        out.write(body, 0, at);
        out.write(bytes, 0, bytes.length);
        out.write(body, at, body.length - at);
        return out.toByteArray();
    }
}
