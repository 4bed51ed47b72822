package dev.agentport.defaultagent;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.Runs;
import dev.agentport.session.InMemorySessionStore;
import dev.agentport.testing.TestRuns;

import java.nio.file.Path;

/** One conversation with an agent through the core's run path, which records every turn in a real session store. */
final class Session {

    private final InMemorySessionStore store = new InMemorySessionStore();
    private final Runs runs;
    private final String sessionId;

    Session(Agent agent, String sessionId) {
        this(agent, sessionId, null);
    }

    Session(Agent agent, String sessionId, Path workDir) {
        this.runs = new Runs(agent, store, null, workDir);
        this.sessionId = sessionId;
    }

    RunResult say(String text) {
        return TestRuns.completed(run().invoke(RunInput.of(text)));
    }

    RunResult say(RunInput input) {
        return TestRuns.completed(run().invoke(input));
    }

    RunResult stream(String text, RunEmitter emitter) {
        return TestRuns.completed(run().stream(RunInput.of(text), emitter));
    }

    RunResult resume(String humanInput) {
        return TestRuns.completed(run().resume(sessionId, TextNode.valueOf(humanInput)));
    }

    /** The context the next run would get: the conversation's turns so far. */
    RunContext context() {
        return RunContext.builder(sessionId).history(store.history(sessionId)).build();
    }

    private Run run() {
        return runs.newRun(TestRuns.request()).session(sessionId).build();
    }
}
