package dev.agentport.runtime;

/**
 * Where a streamed run's encoded events go, in order; each is written to the client by the engine's writer. Emitting
 * blocks while the client is slow, and throws {@link dev.agentport.agent.RunCancelledException} once the run is
 * cancelled.
 */
@FunctionalInterface
public interface Frames {
    void emit(byte[] frame);
}
