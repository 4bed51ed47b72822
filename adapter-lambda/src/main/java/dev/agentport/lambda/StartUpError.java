package dev.agentport.lambda;

/**
 * An invalid setting found while the function starts. Thrown from class initialisation as an {@code Error}, so the
 * JVM does not wrap it in an {@code ExceptionInInitializerError} without a message: the runtime reports this message,
 * which names the variable, to the Runtime API's {@code /runtime/init/error}. It carries no stack trace, as the
 * message says all there is to say.
 */
final class StartUpError extends Error {

    StartUpError(String message) {
        super(message, null, false, false);
    }
}
