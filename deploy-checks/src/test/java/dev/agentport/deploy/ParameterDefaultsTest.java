package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every SAM parameter's Default satisfies its own constraints; a copy with a default outside them is caught. */
class ParameterDefaultsTest {

    @Test
    void everyDefaultSatisfiesItsOwnConstraints() {
        assertEquals(List.of(), CloudFormationParameters.problems(CloudFormationYaml.parse(Repo.read("sam-template.yaml"))));
    }

    @Test
    void aDefaultBelowMinValueIsCaught() {
        assertCaught(Fixture.sam("    Default: 1024\n    MinValue: 128", "    Default: 64\n    MinValue: 128"),
                "MemorySize: Default 64 is below MinValue 128");
    }

    @Test
    void aDefaultAboveMaxValueIsCaught() {
        assertCaught(Fixture.sam("    Default: 300\n    MinValue: 1\n    MaxValue: 900",
                "    Default: 1200\n    MinValue: 1\n    MaxValue: 900"), "StreamingTimeout: Default 1200 is above MaxValue 900");
    }

    @Test
    void aDefaultOutsideAllowedValuesIsCaught() {
        assertCaught(Fixture.sam("    Default: x86_64", "    Default: amd64"), "Architecture: Default 'amd64' is not among");
    }

    @Test
    void aDefaultNotMatchingAllowedPatternIsCaught() {
        assertCaught(Fixture.sam("    Default: 60s", "    Default: 60"), "AgentStartupTimeout: Default '60' does not match");
    }

    @Test
    void aMisspeltParameterPropertyIsCaught() {
        assertCaught(Fixture.sam("    Default: 1024\n    MinValue: 128", "    Default: 1024\n    MinVal: 128"),
                "MemorySize.MinVal is not a parameter property");
    }

    private static void assertCaught(JsonNode template, String expected) {
        List<String> problems = CloudFormationParameters.problems(template);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected " + expected + " in " + problems);
    }
}
