package dev.agentport.deploy;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the platforms are told matches what the runtime does: the Cloud Run container's port and probes, and the run
 * timeout against every function's timeout; each defect put into a copy is caught.
 */
class PlatformLimitsTest {

    private static final List<String> AWS_TIMEOUTS = List.of(
            "aws_lambda_function.managed/timeout", "aws_lambda_function.streaming/timeout");
    private static final List<String> GCP_TIMEOUTS = List.of(
            "google_cloud_run_v2_service.agent/template/0/timeout",
            "google_cloudfunctions2_function.agent/service_config/0/timeout_seconds");

    private final Dockerfile image = Dockerfile.parse(Repo.read("Dockerfile"));

    @Test
    void cloudRunListensOnTheImagesPortAndProbesHealthThere() {
        assertEquals(List.of(), CloudRunContainer.problems(TerraformModule.of("terraform/gcp"), image));
    }

    @Test
    void aProbeOnAnotherPortIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/gcp", "cloud_run.tf",
                "          path = \"/health\"\n          port = 8080", "          path = \"/health\"\n          port = 9090");
        assertCaught(CloudRunContainer.problems(defect, image), "startup_probe asks port 9090");
    }

    @Test
    void aProbeOnAnotherPathIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/gcp", "cloud_run.tf",
                "          path = \"/health\"", "          path = \"/healthz\"");
        assertCaught(CloudRunContainer.problems(defect, image), "startup_probe asks /healthz");
    }

    @Test
    void aContainerPortOtherThanTheImagesIsCaught() {
        TerraformModule defect = Fixture.terraform("terraform/gcp", "cloud_run.tf",
                "container_port = 8080", "container_port = 8081");
        assertCaught(CloudRunContainer.problems(defect, image), "container_port 8081 is not the image's PORT 8080");
    }

    @Test
    void runTimeoutIsShorterThanEveryFunctionTimeout() {
        assertEquals(List.of(), RunTimeouts.sam(CloudFormationYaml.parse(Repo.read("sam-template.yaml"))));
        assertEquals(List.of(), RunTimeouts.terraform(TerraformModule.of("terraform/aws"), AWS_TIMEOUTS));
        assertEquals(List.of(), RunTimeouts.terraform(TerraformModule.of("terraform/gcp"), GCP_TIMEOUTS));
    }

    @Test
    void aSamRunTimeoutLongerThanTheFunctionTimeoutIsCaught() {
        assertCaught(RunTimeouts.sam(Fixture.sam("    Default: 0\n    MinValue: 0", "    Default: 60\n    MinValue: 0")),
                "the run timeout 60 s is not shorter than AgentPortFunction's timeout 30 s");
    }

    @Test
    void aTerraformRunTimeoutLongerThanTheFunctionTimeoutIsCaught() {
        TerraformModule aws = Fixture.terraform("terraform/aws", "variables.tf", """
                  type        = number
                  default     = 0
                """, """
                  type        = number
                  default     = 45
                """);
        assertCaught(RunTimeouts.terraform(aws, AWS_TIMEOUTS), "not shorter than aws_lambda_function.managed's timeout 30 s");
        TerraformModule gcp = Fixture.terraform("terraform/gcp", "variables.tf", """
                  type        = number
                  default     = 0
                """, """
                  type        = number
                  default     = 300
                """);
        assertCaught(RunTimeouts.terraform(gcp, GCP_TIMEOUTS), "google_cloud_run_v2_service.agent's timeout 300 s");
    }

    @Test
    void aFunctionWithoutTheRunTimeoutPreconditionIsCaught() {
        TerraformModule aws = Fixture.terraform("terraform/aws", "lambda.tf",
                "var.agent_run_timeout_seconds < var.streaming_timeout", "true");
        assertCaught(RunTimeouts.terraform(aws, AWS_TIMEOUTS),
                "aws_lambda_function.streaming has no precondition comparing agent_run_timeout_seconds");
    }

    private static void assertCaught(List<String> problems, String expected) {
        assertTrue(problems.stream().anyMatch(p -> p.contains(expected)), "expected " + expected + " in " + problems);
    }
}
