package dev.agentport.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The instructions of a Dockerfile, read the way Docker reads them: comments dropped, backslash continuations joined.
 *
 * @param instructions in file order
 */
record Dockerfile(List<Instruction> instructions) {

    /** One instruction: its keyword in upper case, and the rest of the line as written. */
    record Instruction(String keyword, String arguments) {
    }

    static Dockerfile parse(String text) {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\\R")) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#") || (trimmed.isEmpty() && current.isEmpty())) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                current.append(trimmed.substring(0, trimmed.length() - 1).strip()).append(' ');
                continue;
            }
            current.append(trimmed);
            String joined = current.toString().strip();
            current.setLength(0);
            if (joined.isEmpty()) {
                continue;
            }
            String[] parts = joined.split("\\s+", 2);
            instructions.add(new Instruction(parts[0].toUpperCase(Locale.ROOT), parts.length > 1 ? parts[1] : ""));
        }
        return new Dockerfile(List.copyOf(instructions));
    }

    List<Instruction> all(String keyword) {
        return instructions.stream().filter(i -> i.keyword().equals(keyword)).toList();
    }

    /** The instructions of the last stage (from its FROM on): what the image runs. */
    Dockerfile finalStage() {
        int lastFrom = -1;
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).keyword().equals("FROM")) {
                lastFrom = i;
            }
        }
        return new Dockerfile(instructions.subList(Math.max(lastFrom, 0), instructions.size()));
    }
}
