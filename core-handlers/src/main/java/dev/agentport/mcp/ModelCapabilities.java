package dev.agentport.mcp;

/**
 * The model behind the agent, as the registry document publishes it.
 *
 * @param model           the model's name
 * @param vision          whether it reads images, or {@code null} when not said
 * @param contextWindow   its context window in tokens, or {@code null}
 * @param maxOutputTokens its largest output in tokens, or {@code null}
 */
public record ModelCapabilities(String model, Boolean vision, Integer contextWindow, Integer maxOutputTokens) {
}
