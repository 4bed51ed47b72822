package dev.agentport.lambdalocal;

import java.util.Locale;

/** The function's Lambda runtime, which decides how its process is launched. */
public enum FunctionRuntime {

    /** The managed Java 21 runtime: the runtime interface client's main class with the handler as argument. */
    JAVA21,

    /** A custom runtime: the zip's {@code bootstrap}, with the function's handler in {@code _HANDLER}. */
    PROVIDED;

    /**
     * {@code java21} or {@code provided.al2023}, any case; unset, the mode's: buffered runs on {@code java21},
     * streaming on {@code provided.al2023}, the only one of the two that streams.
     */
    public static FunctionRuntime parse(String text, Mode mode) {
        if (text == null || text.isBlank()) {
            return mode == Mode.BUFFERED ? JAVA21 : PROVIDED;
        }
        FunctionRuntime runtime = switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "java21" -> JAVA21;
            case "provided.al2023" -> PROVIDED;
            default -> throw new IllegalArgumentException("LAMBDA_RUNTIME must be java21 or provided.al2023, not '"
                    + text + "'");
        };
        if (runtime == JAVA21 && mode == Mode.STREAMING) {
            throw new IllegalArgumentException("LAMBDA_RUNTIME java21 does not stream: streaming mode runs on"
                    + " provided.al2023");
        }
        return runtime;
    }
}
