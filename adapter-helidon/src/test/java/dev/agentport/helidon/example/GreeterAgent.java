package dev.agentport.helidon.example;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.Artifact;
import dev.agentport.agent.ContextUsage;
import dev.agentport.agent.Part;
import dev.agentport.agent.Progress;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

/**
 * The README's example of plugging in your own agent. A real one would call a model here (LangChain4j, an HTTP
 * client, ...).
 */
public class GreeterAgent implements Agent {

    /** An extension a caller may activate for one request, carrying {@code {"name": "..."}}. */
    public static final String NICKNAME_EXTENSION = "urn:example:greeter:nickname";

    @Override
    public AgentDescriptor descriptor() {
        return new AgentDescriptor("greeter", "1.0.0", "Greets whoever writes to it.", "plain-java",
                List.of(new AgentDescriptor.Skill("greet", "Greet", "Says hello back.", List.of("demo"),
                        List.of("I am Ada"))));
    }

    @Override
    public RunResult invoke(RunInput input, RunContext context) throws IOException {
        String name = context.extension(NICKNAME_EXTENSION).map(p -> p.path("name").asText()).orElse(input.text());
        StringBuilder greeting = new StringBuilder("Hello, ").append(name).append("!");
        for (Part.File file : input.files()) {                        // files the caller attached
            greeting.append(" Thanks for ").append(file.name()).append('.');
        }
        String text = greeting.toString();
        if (context.workDir() != null && Files.isWritable(context.workDir())) {   // the workspace (WORK_DIR)
            Files.writeString(context.workDir().resolve("last-greeting.txt"), text);
        }
        return RunResult.builder()
                .output(text)
                .artifact(Artifact.file("greeting.txt", "text/plain", text.getBytes(StandardCharsets.UTF_8)))
                .metadata("taskId", TextNode.valueOf(context.taskId()))          // AgentBreeder: the session id
                .metadata("contextId", TextNode.valueOf(context.contextId()))    // A2A only, else null
                .contextUsage(new ContextUsage(text.length() / 4, context.history().size() + 1, 0, null))
                .build();
    }

    @Override
    public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws IOException {
        emitter.status("looking you up");
        emitter.progress(new Progress(1, 2L, "greeter: reading"));
        RunResult result = invoke(input, context);
        for (String word : result.outputText().split("(?= )")) {
            if (context.isCancelled()) {                               // the caller left: stop working
                return result;
            }
            emitter.delta(word);                                       // reaches the client before this returns
        }
        result.artifacts().forEach(emitter::artifact);
        emitter.progress(new Progress(2, 2L, "greeter: done"));
        return result;
    }

    @Override
    public boolean allowsPriming() {
        return true;                                                   // a run is harmless: priming may call it
    }
}
