package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.runtime.RunRequest;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;

import java.nio.file.Path;

/** One conversation with an agent through the core's run path, which records every turn in a real session store. */
final class Session {

    private final Runs runs;
    private final String sessionId;

    Session(Agent agent, String sessionId) {
        this(agent, sessionId, null);
    }

    Session(Agent agent, String sessionId, Path workDir) {
        this.runs = new Runs(agent, new InMemorySessionStore(), null, workDir);
        this.sessionId = sessionId;
    }

    RunResult say(String text) throws Exception {
        return runs.invoke(RunInput.of(text), context(text));
    }

    RunResult say(RunInput input) throws Exception {
        return runs.invoke(input, context(input.text()));
    }

    RunResult stream(String text, RunEmitter emitter) throws Exception {
        return runs.stream(RunInput.of(text), context(text), emitter);
    }

    RunResult resume(String humanInput) throws Exception {
        return runs.resume(sessionId, TextNode.valueOf(humanInput), context(humanInput));
    }

    RunContext context(String text) {
        return runs.context(new RunRequest(TextNode.valueOf(text), sessionId, null, null, null, "trace-1", null,
                null));
    }
}
