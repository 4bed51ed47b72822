package dev.agentport.agent;

/**
 * The one interface a user implements. Every contract face (AgentBreeder, Daedalus, A2A JSON-RPC, MCP and the local
 * adapter) maps its wire format onto these calls, so an agent written once is served everywhere. An agent that pauses
 * runs for a human and continues them implements {@link ResumableAgent} instead.
 *
 * <p>Calls arrive on many threads at once (one per request, usually virtual threads), so an implementation must be
 * thread-safe. Blocking is fine. An exception thrown by any method becomes the contract's error shape: an
 * {@link AgentException}'s message is shown to the caller; any other exception is logged and reported as a generic
 * internal error, so that secrets in exception messages never reach the wire.
 */
public interface Agent {

    /** Name, version, description and skills; every face builds its card from this. */
    AgentDescriptor descriptor();

    /**
     * Heavy start-up work (loading a model client, warming a cache). Runs once on a background thread while the server
     * already answers {@code /health} with {@code "loading"} and protected endpoints with 503.
     */
    default void load() throws Exception {
    }

    /** A synchronous run: returns the final output, or an interrupt when the run pauses for a human. */
    RunResult invoke(RunInput input, RunContext context) throws Exception;

    /**
     * A streaming run: emits text deltas and steps through the emitter as they happen, then returns the final result.
     * The default runs {@link #invoke} and emits its text output as one delta.
     */
    default RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
        RunResult result = invoke(input, context);
        if (!result.isInterrupted() && result.output().isTextual()) {
            emitter.delta(result.output().asText());
        }
        return result;
    }

    /**
     * Whether start-up priming (Lambda SnapStart's checkpoint hook, the class-data training run of the build) may call
     * this agent. Off by default: priming then runs the same request path with the built-in default agent and a
     * throwaway in-memory store, so it never reaches a model, a paid API or the user's stores. Return true when a run
     * is harmless and priming your own code is worth it.
     */
    default boolean allowsPriming() {
        return false;
    }
}
