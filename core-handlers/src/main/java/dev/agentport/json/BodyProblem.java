package dev.agentport.json;

/**
 * Why a request body was refused, in neutral terms; each face maps the kind to its own error code and status. The
 * message is safe to show: it never quotes more than a short, printable excerpt of what the caller sent.
 */
public final class BodyProblem extends RuntimeException {

    /** In the order the checks run. */
    public enum Kind {
        /** A media type other than JSON. */
        UNSUPPORTED_MEDIA_TYPE,
        /** Longer than the configured limit. */
        TOO_LARGE,
        /** Nothing but whitespace. */
        EMPTY,
        /** Not JSON: a syntax error, invalid UTF-8, a duplicate key, nesting or a value beyond the limits. */
        NOT_JSON,
        /** Well-formed JSON that is not an object. */
        NOT_AN_OBJECT
    }

    private final Kind kind;

    public BodyProblem(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
