package dev.agentport.parity;

import dev.agentport.contract.ContractCase;
import dev.agentport.contract.ContractSuite;
import dev.agentport.contract.Exchange;
import dev.agentport.contract.HttpTarget;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Runs one case on every target and compares each answer with the first target's (the reference). */
final class SameAnswers {

    private SameAnswers() {
    }

    static void assertSameAnswers(ContractCase contractCase, Collection<HttpTarget> targets) throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        Map<String, Exchange> answers = new LinkedHashMap<>();
        for (HttpTarget target : targets) {
            answers.put(target.name(), ContractSuite.run(target, contractCase, run));
        }
        Exchange reference = answers.values().iterator().next();
        for (Map.Entry<String, Exchange> answer : answers.entrySet()) {
            boolean streams = streamed(reference) || streamed(answer.getValue());
            Normalized expected = Normalized.of(reference, streams);
            Normalized actual = Normalized.of(answer.getValue(), streams);
            assertEquals(expected.status(), actual.status(), answer.getKey() + " status differs");
            assertEquals(expected.headers(), actual.headers(), answer.getKey() + " headers differ");
            assertEquals(expected.body(), actual.body(), answer.getKey() + " body differs");
        }
    }

    /** An event stream, or a body the transport sent in chunks (a streaming Lambda sends every body so). */
    private static boolean streamed(Exchange answer) {
        return answer.isEventStream() || "chunked".equalsIgnoreCase(answer.header("Transfer-Encoding"));
    }
}
