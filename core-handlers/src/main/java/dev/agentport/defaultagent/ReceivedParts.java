package dev.agentport.defaultagent;

import dev.agentport.agent.Part;
import dev.agentport.agent.RunInput;
import dev.agentport.json.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The sentence in which the default agent lists the files and data parts it received: name, type and size. */
final class ReceivedParts {

    /** Parts listed by name; the rest are only counted. */
    static final int MAX_LISTED = 10;
    private static final int MAX_NAME = 80;

    private ReceivedParts() {
    }

    /** For example {@code " You sent 1 file: a.txt (text/plain, 12 bytes)."}, or an empty string when none. */
    static String describe(RunInput input) {
        if (!hasFileOrData(input.parts())) { // text only, or a plain value: spares filtering the parts twice
            return "";
        }
        List<Part.File> files = input.files();
        List<Part.Data> data = input.data();
        List<String> groups = new ArrayList<>();
        if (!files.isEmpty()) {
            groups.add(group(files.size(), "file", files.stream().map(ReceivedParts::file).toList()));
        }
        if (!data.isEmpty()) {
            groups.add(group(data.size(), "data part", data.stream().map(ReceivedParts::data).toList()));
        }
        return " You sent " + String.join("; and ", groups) + ".";
    }

    private static boolean hasFileOrData(List<Part> parts) {
        for (Part part : parts) {
            if (part instanceof Part.File || part instanceof Part.Data) {
                return true;
            }
        }
        return false;
    }

    private static String group(int count, String noun, List<String> described) {
        StringBuilder text = new StringBuilder().append(count).append(' ').append(noun).append(count == 1 ? "" : "s")
                .append(": ").append(String.join(", ", described.subList(0, Math.min(count, MAX_LISTED))));
        if (count > MAX_LISTED) {
            text.append(" and ").append(count - MAX_LISTED).append(" more");
        }
        return text.toString();
    }

    private static String file(Part.File file) {
        String name = file.name() == null || file.name().isBlank() ? "unnamed" : shortened(file.name());
        String type = file.mimeType() == null || file.mimeType().isBlank() ? "unknown type" : shortened(file.mimeType());
        String size = file.bytes() == null ? "by reference" : bytes(file.bytes().length);
        return name + " (" + type + ", " + size + ")";
    }

    private static String data(Part.Data part) {
        String type = part.data().getNodeType().name().toLowerCase(Locale.ROOT);
        return type + " (" + bytes(Json.bytes(part.data()).length) + ")";
    }

    private static String bytes(long count) {
        return String.format(Locale.ROOT, "%,d byte%s", count, count == 1 ? "" : "s");
    }

    private static String shortened(String text) {
        return text.length() <= MAX_NAME ? text : text.substring(0, MAX_NAME) + "...";
    }
}
