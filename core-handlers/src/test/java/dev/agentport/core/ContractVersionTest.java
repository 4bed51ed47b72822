package dev.agentport.core;

import dev.agentport.contract.CaseRequest;
import dev.agentport.contract.InProcessTarget;
import dev.agentport.testing.TestAgents;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ContractVersionTest {

    private final InProcessTarget target = new InProcessTarget(TestAgents.echoContext(), Map.of());

    @ParameterizedTest
    @ValueSource(strings = {"1", " 1 ", "1.0", "1.3", "v1"})
    void version_one_and_its_minor_revisions_are_served(String version) throws Exception {
        assertEquals(200, target.send(CaseRequest.get("/health").header("X-Runtime-Contract-Version", version)
                .build()).status());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", "0", "2.0", "11", "one", ""})
    void any_other_version_is_400(String version) throws Exception {
        var answer = target.send(CaseRequest.get("/health").header("X-Runtime-Contract-Version", version).build());
        assertEquals(400, answer.status());
        assertEquals("UNSUPPORTED_CONTRACT_VERSION", answer.json().at("/error/code").asText());
    }
}
