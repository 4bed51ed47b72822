package dev.agentport.parity.fuzz;

import java.util.List;
import java.util.SplittableRandom;

/** Values that break assumptions: as JSON text, as strings, as header values. */
final class HostileValues {

    /** Raw JSON number texts at and past the limits, and texts that look like numbers but are not JSON. */
    static final List<String> NUMBERS = List.of("0", "-0", "-1", "2147483647", "2147483648", "-2147483649",
            "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "123456789012345678901234567890123456789012345678901234567890", "1e309", "-1e309", "1e-400",
            "4.9e-324", "1.7976931348623157e308", "0.1e99999999", "1E+2147483648", "3.0", "1.5", "-0.0",
            "NaN", "Infinity", "-Infinity", "01", "0x10", "+1", ".5", "1.", "1e", "--1");

    /** Strings a client might send where an id, a name or a text is expected. */
    static final List<String> STRINGS = List.of("", " ", "\t", "\u0000", "\u0000\u0001\u001f", "\r\n\r\n",
            "null", "true", "0", "[]", "{}", "../../etc/passwd", "..\\..\\windows", "%s%n%x", "${jndi:ldap://x/a}",
            "<script>alert(1)</script>", "' OR 1=1 --", "\u202e\u0645\u0631\u062d\u0628\u0627", "\uD83D\uDE00",
            "\uFEFF", "\uFFFF", "\u00e9\u00e8", "a\nb", "approve", "recap", "write a file", "tasks/get",
            "TASK_STATE_UNSPECIFIED", "ROLE_AGENT", "agent", "2025-11-25", "1.0", "0.3", "*", "/", "\\",
            "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0", "x".repeat(257), "\"", "\\u0000");

    /** Raw JSON escapes that Jackson reads into odd strings: lone surrogates, NUL. */
    static final List<String> ESCAPES = List.of("\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\u0000\"",
            "\"\\uDBFF\\uDFFF\"", "\"\\x41\"", "\"\\u12\"", "\"\\\"", "\"a\\", "'single'", "\"tab\there\"");

    /** Header values: empty, odd characters, very long, lists, and contract-looking values. */
    static final List<String> HEADER_VALUES = List.of("", " ", "1", "0", "-1", "2", "v1", "1.0", "1.0.1", "0.3",
            "99", "1.0, 0.3", "2025-11-25", "2026-07-28", "1999-01-01", "null", "*", ",,,", "a;b=c", "\"quoted\"",
            "tools/call", "initialize", "send_message", "http://evil.example", "http://localhost", "null, null",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "00-zz-zz-zz",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "%00", "é", "\u00ff\u00fe",
            "https://docs.aion.to/a2a/extensions/aion/daemon/1.0.0", "a".repeat(300), "b".repeat(5000));

    private HostileValues() {
    }

    static <T> T pick(SplittableRandom random, List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    /** A string of {@code length} characters drawn from a small, harmless alphabet (spaces make words). */
    static String longText(SplittableRandom random, int length) {
        StringBuilder text = new StringBuilder(length);
        String alphabet = "abcdefghij klmnop";
        while (text.length() < length) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }

    /** Nested arrays or objects, {@code depth} deep, as JSON text. */
    static String nested(SplittableRandom random, int depth) {
        boolean arrays = random.nextBoolean();
        StringBuilder text = new StringBuilder(depth * 6);
        text.append((arrays ? "[" : "{\"a\":").repeat(depth)).append('1').append((arrays ? "]" : "}").repeat(depth));
        return text.toString();
    }

    /** A JSON value of any type, as text. */
    static String anyValue(SplittableRandom random) {
        return switch (random.nextInt(8)) {
            case 0 -> "null";
            case 1 -> random.nextBoolean() ? "true" : "false";
            case 2 -> pick(random, NUMBERS.subList(0, 20));
            case 3 -> "\"" + pick(random, List.of("", "x", "hello", "task-1", "ctx-1", "ROLE_USER", "user")) + "\"";
            case 4 -> "[]";
            case 5 -> "{}";
            case 6 -> "[1,\"a\",null,{}]";
            default -> "{\"text\":\"x\",\"kind\":\"text\"}";
        };
    }
}
