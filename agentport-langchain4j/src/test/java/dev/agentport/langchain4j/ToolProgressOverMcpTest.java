package dev.agentport.langchain4j;

import dev.agentport.agent.Agent;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.langchain4j.LangChain4jAgentTest.Weather;
import dev.agentport.langchain4j.ScriptedModelServer.Reply;
import dev.agentport.langchain4j.ScriptedModelServer.ToolCall;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each tool the model calls is MCP progress in Pallas's messages: {agent}/{tool}: started, then completed. */
class ToolProgressOverMcpTest {

    private static final Pattern MESSAGE = Pattern.compile("\"message\":\"([^\"]*)\"");

    @Test
    void a_tool_call_is_progress_started_then_completed_with_a_rising_counter() throws Exception {
        try (ScriptedModelServer model = ScriptedModelServer.start()) {
            Agent agent = LangChain4jAgent.builder()
                    .streamingChatModel(OpenAiStreamingChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                            .baseUrl(model.baseUrl()).modelName("scripted-model").build())
                    .tools(new Weather())
                    .build();
            model.then(new ToolCall("weather", "{\"city\":\"Paris\"}"), new Reply("It is sunny in Paris."));

            Exchange answer = new InProcessTarget(agent, Map.of()).send(CaseRequest.post("/mcp")
                    .header("Accept", "application/json, text/event-stream")
                    .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"send_message\","
                            + "\"arguments\":{\"message\":\"weather?\"},\"_meta\":{\"progressToken\":\"t-1\"}}}")
                    .build());

            String body = answer.text();
            Matcher messages = MESSAGE.matcher(body);
            List<String> progress = messages.results().map(m -> m.group(1)).toList();
            assertEquals(List.of("langchain4j-agent/weather: started", "langchain4j-agent/weather: completed"),
                    progress, body);
            assertTrue(body.indexOf("\"progress\":1") < body.indexOf("\"progress\":2"), body);
            assertTrue(body.contains("It is sunny in Paris."), body);
        }
    }
}
