package dev.agentport.deploy;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table AGENT_STATE_STORE names has the agreed layout and is the one, the only one, the policy grants the store's
 * calls on, in the SAM template and in terraform/aws; each defect put into a copy is caught.
 */
class StateTableTest {

    @Test
    void samNamesOneTableWithTheAgreedLayoutAndGrantsExactlyTheStoresCallsOnIt() {
        assertEquals(List.of(), StateTable.sam(CloudFormationYaml.parse(Repo.read("sam-template.yaml"))));
    }

    @Test
    void terraformNamesOneTableWithTheAgreedLayoutAndGrantsExactlyTheStoresCallsOnIt() {
        assertEquals(List.of(), StateTable.terraform(TerraformModule.of("terraform/aws")));
    }

    @Test
    void aPolicyOnAnotherTableIsCaught() {
        assertCaught(StateTable.sam(Fixture.sam("Resource: !GetAtt StateTable.Arn", "Resource: !GetAtt OtherTable.Arn")),
                "the state policy's resource");
        assertCaught(StateTable.terraform(Fixture.terraform("terraform/aws", "iam.tf",
                "resources = [aws_dynamodb_table.state[0].arn]", "resources = [\"*\"]")), "the state policy's resource");
    }

    @Test
    void aWildcardOrMissingActionIsCaught() {
        assertCaught(StateTable.sam(Fixture.sam("              - dynamodb:GetItem\n", "              - dynamodb:*\n")),
                "the state policy's actions");
        assertCaught(StateTable.terraform(Fixture.terraform("terraform/aws", "iam.tf",
                "      \"dynamodb:ConditionCheckItem\",\n", "")), "the state policy's actions");
    }

    @Test
    void anotherTtlAttributeIsCaught() {
        assertCaught(StateTable.sam(Fixture.sam("AttributeName: expiresAt", "AttributeName: ttl")), "TTL attribute");
        assertCaught(StateTable.terraform(Fixture.terraform("terraform/aws", "dynamodb.tf",
                "attribute_name = \"expiresAt\"", "attribute_name = \"ttl\"")), "TTL attribute");
    }

    @Test
    void theEnvironmentNamingAnotherTableIsCaught() {
        assertCaught(StateTable.sam(Fixture.sam("'dynamodb://${StateTable}'", "'dynamodb://${AgentPortFunction}'")),
                "which is not an AWS::DynamoDB::Table");
    }

    @Test
    void anotherKeyLayoutIsCaught() {
        assertCaught(StateTable.sam(Fixture.sam("          KeyType: RANGE", "          KeyType: HASH")), "keys");
        assertCaught(StateTable.terraform(Fixture.terraform("terraform/aws", "dynamodb.tf",
                "billing_mode = \"PAY_PER_REQUEST\"", "billing_mode = \"PROVISIONED\"")), "billing");
    }

    private static void assertCaught(List<String> problems, String expected) {
        assertTrue(problems.stream().anyMatch(p -> p.startsWith(expected) || p.contains(expected)),
                "expected " + expected + " in " + problems);
    }
}
