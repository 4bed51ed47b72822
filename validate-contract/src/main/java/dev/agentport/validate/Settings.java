package dev.agentport.validate;

/**
 * What the user told the command about the server, beyond its URL.
 *
 * @param level the Daedalus level to check (1 to 3), or {@code 0} for the level the manifest declares
 */
public record Settings(int level) {

    public static final Settings DEFAULTS = new Settings(0);
}
