package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.Turn;

/**
 * One turn as the default agent holds it in its context: the text it read (at most what it repeats) and the text it
 * answered.
 *
 * @param tokens         the estimated tokens of both, counted once: a window sums them on every run
 * @param snippet        what a {@link Summary} keeps of the input, made once: a window folds the same turns on every
 *                       run
 * @param snippetLength  the snippet's length, kept beside the tokens: a window counts a summary's tokens on every fold
 *                       without reading the snippet itself
 */
record TurnText(String input, String output, long tokens, String snippet, int snippetLength) {

    TurnText(String input, String output) {
        this(input, output, Summary.snippet(input));
    }

    private TurnText(String input, String output, String snippet) {
        this(input, output, tokens(input) + tokens(output), snippet, snippet.length());
    }

    static TurnText of(Turn turn) {
        return new TurnText(inputText(turn.input()), outputText(turn.output()));
    }

    static TurnText of(JsonNode input, JsonNode output) {
        return new TurnText(inputText(input), outputText(output));
    }

    /** Roughly four characters a token, as for English text. */
    static long tokens(String text) {
        return tokens(text.length());
    }

    static long tokens(int characters) {
        return (characters + 3) / 4;
    }

    private static String inputText(JsonNode input) {
        return Echo.of(input.isTextual() ? input.asText() : new RunInput(input).text()).text();
    }

    private static String outputText(JsonNode output) {
        return output == null || output.isNull() ? "" : output.isTextual() ? output.asText() : output.toString();
    }
}
