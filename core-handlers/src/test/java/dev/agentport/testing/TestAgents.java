package dev.agentport.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Agent;
import dev.agentport.agent.AgentDescriptor;
import dev.agentport.agent.AgentException;
import dev.agentport.agent.ResumableAgent;
import dev.agentport.agent.RunContext;
import dev.agentport.agent.RunEmitter;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.json.Json;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/** Small agents that each show one behaviour the default agent does not have. */
public final class TestAgents {

    private TestAgents() {
    }

    static final AgentDescriptor DESCRIPTOR = AgentDescriptor.of("test-agent", "9.9.9", "an agent for tests");

    /** What every test agent says about itself. */
    public abstract static class TestAgent implements Agent {
        @Override
        public AgentDescriptor descriptor() {
            return DESCRIPTOR;
        }
    }

    /** Answers with the config and metadata it received, and does not support resume. */
    public static Agent echoContext() {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                ObjectNode output = Json.object();
                output.set("input", input.value());
                output.set("config", context.config());
                output.set("metadata", context.metadata());
                output.put("request_id", context.requestId());
                return RunResult.of(output);
            }
        };
    }

    /** Throws a library exception whose message holds a secret. */
    public static Agent failingWithSecret(String secret) {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                throw new IllegalStateException("connect to postgres://admin:" + secret + "@db failed");
            }

            @Override
            public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
                emitter.delta("partial ");
                throw new IllegalStateException("stream broke with " + secret);
            }
        };
    }

    /** Throws an AgentException, whose message is meant for the caller. */
    public static Agent failingWithAgentException(String message) {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) throws AgentException {
                throw new AgentException(message);
            }

            @Override
            public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws AgentException {
                emitter.delta("partial ");
                throw new AgentException(message);
            }
        };
    }

    /**
     * Streams two tool calls (one with arguments, one with {@code null} arguments), then one delta; its reply is
     * "done".
     */
    public static Agent callingTools() {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                return RunResult.of("done");
            }

            @Override
            public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
                ObjectNode args = Json.object();
                args.put("query", input.text());
                emitter.toolCall("search", args);
                emitter.toolCall("clock", null);
                emitter.delta("done");
                return RunResult.of("done");
            }
        };
    }

    /** Fails in {@link Agent#load()}, as an agent whose model cannot be fetched does. */
    public static Agent failingToLoad() {
        return new TestAgent() {
            @Override
            public void load() {
                throw new IllegalStateException("model download failed");
            }

            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                return RunResult.of("never");
            }
        };
    }

    /** Loads until {@code loaded} is counted down. */
    public static Agent slowToLoad(CountDownLatch loaded) {
        return new TestAgent() {
            @Override
            public void load() throws InterruptedException {
                loaded.await();
            }

            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                return RunResult.of("loaded");
            }
        };
    }

    /**
     * Streams a delta every 20 ms until cancelled (or 30 s pass), and records why it stopped, so a test can see that a
     * client that went away cancelled the run.
     */
    public static final class Endless extends TestAgent {
        /** Counted down when the agent is called: its face has by then made the run and everything it keeps for it. */
        public final CountDownLatch started = new CountDownLatch(1);
        public final CountDownLatch stopped = new CountDownLatch(1);
        public final AtomicReference<String> stopReason = new AtomicReference<>();

        @Override
        public RunResult invoke(RunInput input, RunContext context) throws InterruptedException {
            started.countDown();
            try {
                while (true) {
                    Thread.sleep(20);
                }
            } finally {
                stopReason.set(context.isCancelled() ? "cancelled" : "interrupted");
                stopped.countDown();
            }
        }

        @Override
        public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) throws Exception {
            started.countDown();
            try {
                for (int i = 0; i < 1500; i++) {
                    emitter.delta("tick " + i + " ");
                    Thread.sleep(20);
                }
                return RunResult.of("done");
            } catch (RuntimeException | InterruptedException e) {
                stopReason.set(context.isCancelled() ? "cancelled" : e.toString());
                throw e;
            } finally {
                stopped.countDown();
            }
        }
    }

    /** Throws an Error (not an Exception) from every call, as a broken agent might: StackOverflowError and the like. */
    public static Agent throwingAnError() {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                throw new AssertionError("agent bug with secret hunter2");
            }

            @Override
            public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
                emitter.delta("a");
                throw new StackOverflowError();
            }
        };
    }

    /** Pauses every run; its resume takes {@code resumeMillis} and counts how many resumes ran to the end. */
    public static final class SlowResume extends TestAgent implements ResumableAgent {
        public final java.util.concurrent.atomic.AtomicInteger finishedResumes =
                new java.util.concurrent.atomic.AtomicInteger();
        private final long resumeMillis;

        public SlowResume(long resumeMillis) {
            this.resumeMillis = resumeMillis;
        }


        @Override
        public RunResult invoke(RunInput input, RunContext context) {
            return RunResult.interrupted(java.util.List.of("human"), null, null);
        }

        @Override
        public RunResult resume(dev.agentport.agent.ResumeInput input, RunContext context) {
            long end = System.nanoTime() + resumeMillis * 1_000_000;
            while (System.nanoTime() < end) {
                Thread.onSpinWait(); // ignores interrupts, as careless agent code does
            }
            finishedResumes.incrementAndGet();
            return RunResult.of("resumed");
        }
    }

    /**
     * Replies "done" with a report artifact and its context usage ({@code metadata.contextUsage}); its stream emits the
     * reply and the artifact as they come.
     */
    public static Agent reportingContextUsage() {
        return new TestAgent() {
            @Override
            public RunResult invoke(RunInput input, RunContext context) {
                return RunResult.builder().output("done")
                        .artifact(dev.agentport.agent.Artifact.builder().artifactId("report").name("report")
                                .part(dev.agentport.agent.Part.text("the report")).build())
                        .contextUsage(new dev.agentport.agent.ContextUsage(1200, context.history().size() + 1, 1,
                                12.5))
                        .build();
            }

            @Override
            public RunResult stream(RunInput input, RunContext context, RunEmitter emitter) {
                RunResult result = invoke(input, context);
                emitter.delta("done");
                emitter.artifact(result.artifacts().get(0));
                return result;
            }
        };
    }
}
