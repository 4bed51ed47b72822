package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every resource type and property of sam-template.yaml is in the published CloudFormation resource specification
 * (SAM's resources included); a misspelling put into a copy is caught.
 */
class CloudFormationSpecTest {

    @Test
    void everyResourceTypeAndPropertyIsInTheSpecification() {
        JsonNode template = CloudFormationYaml.parse(Repo.read("sam-template.yaml"));
        assertEquals(List.of(), CloudFormationProperties.problems(template, CloudFormationSpec.load()));
    }

    @Test
    void aMisspeltFunctionPropertyIsCaught() {
        assertCaught(Fixture.sam("      AutoPublishAlias: live", "      AutoPublishAlais: live"),
                "Resources.AgentPortFunction.Properties.AutoPublishAlais");
    }

    @Test
    void aMisspeltNestedPropertyIsCaught() {
        assertCaught(Fixture.sam("        AttributeName: expiresAt", "        AttributeNme: expiresAt"),
                "Resources.StateTable.Properties.TimeToLiveSpecification.AttributeNme");
    }

    @Test
    void aMisspeltPropertyInsideAnEventIsCaught() {
        assertCaught(Fixture.sam("            PayloadFormatVersion: '2.0'", "            PayloadFormat: '2.0'"),
                "Resources.AgentPortFunction.Properties.Events.Root.Properties.PayloadFormat");
    }

    @Test
    void aMisspeltGlobalsPropertyIsCaught() {
        assertCaught(Fixture.sam("    MemorySize: !Ref MemorySize", "    MemmorySize: !Ref MemorySize"),
                "Globals.Function.MemmorySize");
    }

    @Test
    void aMisspeltResourceAttributeOrTypeIsCaught() {
        assertCaught(Fixture.sam("    Condition: UseStateTable\n    Properties:\n      BillingMode",
                "    Conditon: UseStateTable\n    Properties:\n      BillingMode"), "Resources.StateTable.Conditon");
        assertCaught(Fixture.sam("Type: AWS::DynamoDB::Table", "Type: AWS::DynamoDb::Table"),
                "no resource type AWS::DynamoDb::Table");
    }

    private static void assertCaught(JsonNode template, String expected) {
        List<String> problems = CloudFormationProperties.problems(template, CloudFormationSpec.load());
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected " + expected + " in " + problems);
    }
}
