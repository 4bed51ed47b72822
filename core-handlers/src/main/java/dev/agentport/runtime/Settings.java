package dev.agentport.runtime;

import java.util.Map;
import java.util.Objects;

/**
 * The raw settings, as named variables: read from the process environment once, at start-up, by the one call to
 * {@link #fromEnvironment()}, or given in code with {@link #of}. {@link RuntimeConfig}, the state stores, each face and
 * the default agent parse their own typed settings from these; none of them reads the environment. An invalid value
 * fails where it is parsed, with a message naming the variable. {@link #toString()} shows names, never values.
 */
public final class Settings {

    private static final Settings EMPTY = new Settings(Map.of());

    private final Map<String, String> variables;

    private Settings(Map<String, String> variables) {
        this.variables = variables;
    }

    /** This process's environment variables: the one place that reads them. */
    public static Settings fromEnvironment() {
        return of(System.getenv());
    }

    /** These variables only (copied); whatever the process environment holds is never consulted. */
    public static Settings of(Map<String, String> variables) {
        return new Settings(Map.copyOf(Objects.requireNonNull(variables, "variables")));
    }

    /** No variable set: every setting takes its default. */
    public static Settings empty() {
        return EMPTY;
    }

    /** The value of {@code name}, or {@code null} when it is not set. */
    public String get(String name) {
        return variables.get(name);
    }

    /** Every variable, unmodifiable, for parsers that take a map. */
    public Map<String, String> variables() {
        return variables;
    }

    /** Never prints values: some are secrets. */
    @Override
    public String toString() {
        return "Settings" + variables.keySet().stream().sorted().toList();
    }
}
