package dev.agentport.lambdalocal;

/** The function's answer cannot be turned into HTTP; the front answers 502 {@code Function.MalformedResponse}. */
public final class MalformedResponseException extends Exception {

    public MalformedResponseException(String message) {
        super(message);
    }

    /** The 502 answer for this error. */
    public FunctionAnswer answer() {
        return FunctionAnswer.functionError(new FunctionError("Function.MalformedResponse", getMessage()));
    }
}
