package dev.agentport.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.store.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A checked {@code tools/call}: the tool it names and its arguments (an object, empty when none were given). */
record ToolCall(McpTool tool, ObjectNode arguments) {

    private static final Logger LOG = LoggerFactory.getLogger(ToolCall.class);

    /**
     * Runs the tool. Bad arguments are a tool result with {@code isError} (2025-11-25 on) or -32602 before; a
     * cancelled run or a tool's own failure is a tool result with {@code isError}.
     */
    ObjectNode run(McpCall call) {
        try {
            return tool.call(arguments, call);
        } catch (McpToolInputError e) {
            if (ProtocolVersions.inputErrorsAreToolResults(call.protocolVersion())) {
                return ToolResults.error(e.getMessage());
            }
            throw McpError.invalidParams(e.getMessage());
        } catch (McpError | InputRequired | StoreUnavailableException e) {
            throw e;
        } catch (RunCancelledException e) {
            return ToolResults.error("the call was cancelled");
        } catch (InterruptedException e) {
            // The call's thread is interrupted only when the call is cancelled or its client left; it ends here.
            LOG.debug("the tool {} was interrupted", tool.name());
            return ToolResults.error("the call was cancelled");
        } catch (Exception | Error e) {
            LOG.error("the tool {} failed", tool.name(), e);
            return ToolResults.error("the tool failed unexpectedly; the server log has the details");
        }
    }
}
