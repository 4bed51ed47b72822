package dev.agentport.deploy;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every attribute and block the Terraform files write is in the provider's published schema (hashicorp/aws,
 * hashicorp/google, hashicorp/archive as their prebuilt CDK bindings carry it); a defect put into a copy is caught.
 */
class TerraformProviderSchemaTest {

    @Test
    void everyAwsAttributeIsInTheProviderSchema() {
        assertEquals(List.of(), TerraformAttributes.problems(TerraformModule.of("terraform/aws")));
    }

    @Test
    void everyGoogleAttributeIsInTheProviderSchema() {
        assertEquals(List.of(), TerraformAttributes.problems(TerraformModule.of("terraform/gcp")));
    }

    @Test
    void aMisspeltTopLevelAttributeIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/aws", "lambda.tf",
                "memory_size      = var.memory_size", "memmory_size     = var.memory_size");
        assertNamed(defect, "aws_lambda_function.managed.memmory_size");
    }

    @Test
    void aMisspeltAttributeInsideANestedBlockIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/aws", "dynamodb.tf",
                "attribute_name = \"expiresAt\"", "atribute_name  = \"expiresAt\"");
        assertNamed(defect, "aws_dynamodb_table.state.ttl.atribute_name");
    }

    @Test
    void aMisspeltAttributeInsideADynamicBlockIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/gcp", "cloud_run.tf",
                "          subnetwork = var.subnetwork", "          subnet     = var.subnetwork");
        assertNamed(defect, "google_cloud_run_v2_service.agent.template.vpc_access.network_interfaces.subnet");
    }

    @Test
    void aMisspeltDataSourceAttributeIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/gcp", "cloud_function.tf",
                "source_file = var.gcf_jar", "source_files = var.gcf_jar");
        assertNamed(defect, "data.archive_file.gcf_source.source_files");
    }

    @Test
    void aMisspeltAgentCoreRuntimeAttributeIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/aws", "agentcore.tf",
                "server_protocol = var.agentcore_protocol", "server_protocl = var.agentcore_protocol");
        assertNamed(defect, "aws_bedrockagentcore_agent_runtime.agent.protocol_configuration.server_protocl");
    }

    @Test
    void aResourceTypeNoProviderHasIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/aws", "dynamodb.tf",
                "resource \"aws_dynamodb_table\" \"state\"", "resource \"aws_dynamo_table\" \"state\"");
        assertNamed(defect, "aws_dynamo_table is in no provider schema");
    }

    private static void assertNamed(TerraformModule defect, String expected) {
        List<String> problems = TerraformAttributes.problems(defect);
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected " + expected + " in " + problems);
    }
}
