package dev.agentport.lambdalocal;

import java.util.Optional;

/** What the function sends back for one invocation, piece by piece, in the order the front must see it. */
public sealed interface ReplyPart {

    /** The function started its response; {@code streamed} when it used the streaming response mode. */
    record Started(String contentType, boolean streamed) implements ReplyPart {
    }

    /** Some response body bytes, relayed as they arrived. */
    record Chunk(byte[] bytes) implements ReplyPart {
    }

    /** The response is complete; a streamed response may end with an error reported in its trailers. */
    record Finished(Optional<FunctionError> trailerError) implements ReplyPart {
    }

    /** The invocation failed before its response started (function error, timeout, crashed runtime). */
    record Failed(FunctionError error) implements ReplyPart {
    }
}
