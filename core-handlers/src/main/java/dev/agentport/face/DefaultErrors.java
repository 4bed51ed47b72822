package dev.agentport.face;

/** The core's own error shape, for paths no face owns when no enabled face offers one. */
public final class DefaultErrors {

    private DefaultErrors() {
    }

    public static ErrorShape plain() {
        return new PlainErrors();
    }
}
