package dev.agentport.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.agent.Agent;
import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.langchain4j.LangChain4jAgentTest.Bookings;
import dev.agentport.langchain4j.ScriptedModelServer.Reply;
import dev.agentport.langchain4j.ScriptedModelServer.ToolCall;
import dev.langchain4j.http.client.jdk.JdkHttpClient;
import dev.langchain4j.model.openai.OpenAiChatModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A tool that needs a human's approval, through the faces that continue paused runs: AgentBreeder's {@code /resume},
 * A2A's {@code input-required} answered with the task's id, and MCP's next {@code send_message} in the conversation.
 */
class ApprovalOverTheFacesTest {

    private ScriptedModelServer model;
    private final Bookings bookings = new Bookings();
    private InProcessTarget target;

    @BeforeEach
    void start() throws Exception {
        model = ScriptedModelServer.start();
        Agent agent = LangChain4jAgent.builder()
                .chatModel(OpenAiChatModel.builder().httpClientBuilder(JdkHttpClient.builder())
                        .baseUrl(model.baseUrl()).modelName("scripted-model").build())
                .tools(bookings)
                .requireApproval("book")
                .build();
        target = new InProcessTarget(agent, Map.of());
        model.then(new ToolCall("book", "{\"flight\":\"LH 400\"}"), new Reply("Your flight is booked."));
    }

    @AfterEach
    void stop() {
        model.close();
    }

    @Test
    void agentbreeder_invoke_pauses_for_approval_and_resume_runs_the_tool() throws Exception {
        JsonNode paused = target.send(CaseRequest.post("/invoke")
                .json("{\"input\":\"book LH 400\",\"session_id\":\"trip-1\"}").build()).json();
        assertEquals("interrupted", paused.at("/output/status").asText(), paused.toString());
        assertEquals("human_approval", paused.at("/output/awaiting/0").asText());
        assertEquals("book", paused.at("/output/tool").asText());

        JsonNode resumed = target.send(CaseRequest.post("/resume")
                .json("{\"thread_id\":\"trip-1\",\"human_input\":\"yes\"}").build()).json();

        assertEquals("Your flight is booked.", resumed.get("output").asText(), resumed.toString());
        assertEquals(1, bookings.booked.get());
    }

    @Test
    void a2a_answers_input_required_and_the_reply_with_the_task_id_continues_the_run() throws Exception {
        JsonNode task = rpc("{\"messageId\":\"m-1\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"book LH 400\"}]}");
        assertEquals("TASK_STATE_INPUT_REQUIRED", task.at("/status/state").asText(), task.toString());
        assertEquals("Run the tool book with {\"flight\":\"LH 400\"}? Answer yes or no.",
                task.at("/status/message/parts/0/text").asText());

        JsonNode done = rpc("{\"messageId\":\"m-2\",\"role\":\"ROLE_USER\",\"taskId\":\"" + task.get("id").asText()
                + "\",\"parts\":[{\"text\":\"yes\"}]}");

        assertEquals("TASK_STATE_COMPLETED", done.at("/status/state").asText(), done.toString());
        assertEquals("Your flight is booked.", done.at("/artifacts/0/parts/0/text").asText());
        assertEquals(1, bookings.booked.get());
    }

    @Test
    void mcp_send_message_answers_the_question_and_the_next_message_in_the_conversation_continues_the_run()
            throws Exception {
        String question = mcp("{\"message\":\"book LH 400\",\"conversation_id\":\"trip-2\"}");
        assertEquals("Run the tool book with {\"flight\":\"LH 400\"}? Answer yes or no.", question);
        assertEquals(0, bookings.booked.get());

        String done = mcp("{\"message\":\"yes\",\"conversation_id\":\"trip-2\"}");

        assertEquals("Your flight is booked.", done);
        assertEquals(1, bookings.booked.get());
    }

    private String mcp(String arguments) throws Exception {
        JsonNode answer = target.send(CaseRequest.post("/mcp").header("Accept", "application/json, text/event-stream")
                .json("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                        + "{\"name\":\"send_message\",\"arguments\":" + arguments + "}}").build()).json();
        return answer.at("/result/content/0/text").asText(answer.toString());
    }

    private JsonNode rpc(String message) throws Exception {
        return target.send(CaseRequest.post("/a2a").header("A2A-Version", "1.0")
                .json("{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"SendMessage\",\"params\":{\"message\":"
                        + message + "}}").build()).json().at("/result/task");
    }
}
