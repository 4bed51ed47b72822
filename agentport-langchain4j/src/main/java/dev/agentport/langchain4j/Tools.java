package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.RunCancelledException;
import dev.agentport.agent.RunEmitter;
import dev.agentport.json.Json;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.exception.ToolExecutionException;
import dev.langchain4j.service.tool.AiServiceTool;
import dev.langchain4j.service.tool.ToolService;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code @Tool} methods of the given objects, found the way AiServices finds them, and their execution: each
 * becomes a tool call ({@code toolCall}) and then a step ({@code step}, with {@code result} or {@code error}), which
 * the MCP face reports as {@code {agent}/{tool}: started}, then {@code completed} or {@code failed}.
 */
final class Tools {

    private final Map<String, AiServiceTool> byName = new LinkedHashMap<>();

    Tools(List<Object> objects) {
        for (Object object : objects) {
            for (AiServiceTool tool : ToolService.findTools(object)) {
                if (byName.putIfAbsent(tool.name(), tool) != null) {
                    throw new IllegalArgumentException("two tools are named " + tool.name());
                }
            }
        }
    }

    List<ToolSpecification> specifications() {
        return byName.values().stream().map(AiServiceTool::toolSpecification).toList();
    }

    boolean has(String name) {
        return byName.containsKey(name);
    }

    boolean isEmpty() {
        return byName.isEmpty();
    }

    /**
     * Runs the tool the model asked for and reports it. A tool that fails, or one that does not exist, answers the
     * model with the error, as AiServices does, so the model can recover; the run goes on.
     */
    ToolExecutionResultMessage execute(ToolExecutionRequest request, String sessionId, RunEmitter emitter) {
        emitter.toolCall(request.name(), arguments(request.arguments()));
        AiServiceTool tool = byName.get(request.name());
        ObjectNode outcome = JsonNodeFactory.instance.objectNode();
        String text;
        try {
            if (tool == null) {
                throw new IllegalArgumentException("there is no tool named " + request.name());
            }
            text = tool.toolExecutor().execute(request, sessionId);
            outcome.put("result", text);
        } catch (RunCancelledException cancelled) {
            throw cancelled;
        } catch (ToolExecutionException e) {
            if (e.getCause() instanceof RunCancelledException cancelled) {
                throw cancelled;
            }
            text = messageOf(e.getCause() == null ? e : e.getCause());
            outcome.put("error", text);
        } catch (RuntimeException e) {
            text = messageOf(e);
            outcome.put("error", text);
        }
        emitter.step(request.name(), outcome);
        return ToolExecutionResultMessage.from(request, text);
    }

    /** A call the human did not approve: not run; the model is told so. */
    ToolExecutionResultMessage declined(ToolExecutionRequest request, RunEmitter emitter) {
        String text = "The user did not approve this call; the tool was not run.";
        emitter.step(request.name(), JsonNodeFactory.instance.objectNode().put("error", text));
        return ToolExecutionResultMessage.from(request, text);
    }

    private static JsonNode arguments(String arguments) {
        if (arguments == null || arguments.isBlank()) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            return Json.MAPPER.readTree(arguments);
        } catch (IOException notJson) {
            return JsonNodeFactory.instance.textNode(arguments);
        }
    }

    private static String messageOf(Throwable error) {
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }
}
