package dev.agentport.local;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentport.agent.Interrupt;
import dev.agentport.agent.RunInput;
import dev.agentport.agent.RunResult;
import dev.agentport.http.Handler;
import dev.agentport.http.HttpRequest;
import dev.agentport.http.HttpResponse;
import dev.agentport.json.BodyProblem;
import dev.agentport.json.Json;
import dev.agentport.json.JsonBodyReader;
import dev.agentport.runtime.AgentFailures;
import dev.agentport.runtime.Run;
import dev.agentport.runtime.RunOutcome;
import dev.agentport.runtime.Runs;

/**
 * {@code POST /run-task}: runs the agent on {@code input.text} in the conversation {@code conversation_id} and answers
 * {@code {"success":true,"output":{"text",...}}}, with {@code output.artifacts} when the agent produced any, or
 * {@code {"success":false,"error"}}: 4xx for a body that is not a task, 5xx when the run failed unexpectedly, timed
 * out, was cancelled or its turn could not be kept (503 with {@code Retry-After}), and 200 when the agent reported a failure meant for the caller or paused for a human (which
 * this contract cannot carry).
 */
final class RunTaskHandler implements Handler {

    private final Runs runs;
    private final JsonBodyReader bodies;

    RunTaskHandler(Runs runs, int maxBodyBytes) {
        this.runs = runs;
        this.bodies = new JsonBodyReader(maxBodyBytes, true, false);
    }

    @Override
    public HttpResponse handle(HttpRequest request) {
        RunTask task;
        try {
            task = RunTask.read(bodies.readObject(request));
        } catch (BodyProblem problem) {
            return LocalAnswers.failure(status(problem), problem.getMessage());
        } catch (BadTask bad) {
            return LocalAnswers.failure(400, bad.getMessage());
        }
        Run run = runs.newRun(request).operation("run-task").session(task.conversationId())
                .metadata(task.metadata()).taskId(task.taskRunId()).contextId(task.conversationId()).build();
        RunResult result;
        switch (run.invoke(RunInput.of(task.text()))) {
            case RunOutcome.Completed completed -> result = completed.result();
            case RunOutcome.Failed failed -> {
                AgentFailures.Failure failure = failed.failure();
                return failure.kind() == AgentFailures.Kind.STORE_UNAVAILABLE
                        ? LocalAnswers.storeUnavailable(failure.message())
                        : LocalAnswers.failure(status(failure.kind()), failure.message());
            }
        }
        if (result.isInterrupted()) {
            return LocalAnswers.failure(200, paused(result.interrupt()));
        }
        return LocalAnswers.success(output(result));
    }

    private static ObjectNode output(RunResult result) {
        ObjectNode output = Json.object();
        output.put("text", result.outputText());
        ArrayNode artifacts = ArtifactWrites.of(result.artifacts());
        if (!artifacts.isEmpty()) {
            output.set("artifacts", artifacts);
        }
        return output;
    }

    private static String paused(Interrupt interrupt) {
        String question = interrupt.prompt() == null ? "" : interrupt.prompt().path("question").asText("");
        return "the agent paused for " + String.join(", ", interrupt.awaiting())
                + (question.isBlank() ? "" : " (" + question + ")")
                + ", which the local adapter contract cannot carry; the task is not completed";
    }

    private static int status(BodyProblem problem) {
        return switch (problem.kind()) {
            case UNSUPPORTED_MEDIA_TYPE -> 415;
            case TOO_LARGE -> 413;
            case EMPTY, NOT_JSON, NOT_AN_OBJECT -> 400;
        };
    }

    private static int status(AgentFailures.Kind kind) {
        return switch (kind) {
            case AGENT_ERROR -> 200;
            case DEADLINE_EXCEEDED -> 504;
            case CANCELLED, STORE_UNAVAILABLE -> 503;
            case NOT_FOUND, INTERNAL -> 500;
        };
    }
}
