package dev.agentport.runtime;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Go's duration syntax ({@code 30s}, {@code 1m30s}, {@code 500ms}, {@code 1.5h}), as Daedalus's settings use it. */
final class Durations {

    private static final Pattern PART = Pattern.compile("([0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(ns|us|µs|ms|s|m|h)");

    private Durations() {
    }

    /** The duration, or an exception naming {@code variable} when the text is not a Go duration. */
    static Duration parse(String variable, String text) {
        if (text.equals("0")) {
            return Duration.ZERO;
        }
        Matcher matcher = PART.matcher(text);
        BigDecimal nanos = BigDecimal.ZERO;
        int at = 0;
        while (at < text.length()) {
            if (!matcher.find(at) || matcher.start() != at) {
                throw new IllegalArgumentException(variable + " must be a duration such as 30s, 1m30s or 500ms, got '"
                        + text + "'");
            }
            nanos = nanos.add(new BigDecimal(matcher.group(1)).multiply(BigDecimal.valueOf(unit(matcher.group(2)))));
            at = matcher.end();
        }
        return Duration.ofNanos(nanos.longValue());
    }

    private static long unit(String unit) {
        return switch (unit) {
            case "ns" -> 1L;
            case "us", "µs" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
    }
}
