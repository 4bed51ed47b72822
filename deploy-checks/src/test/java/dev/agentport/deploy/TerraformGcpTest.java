package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** terraform/gcp parses with HashiCorp's HCL parser and deploys Cloud Run and the gen2 function as agreed. */
class TerraformGcpTest {

    /** Parsed once per run; each test asks for it, so without node every test is skipped with the reason. */
    private final TerraformModule gcp = TerraformModule.of("terraform/gcp");
    private final JsonNode service = gcp.resource("google_cloud_run_v2_service", "agent");
    private final JsonNode container = service.at("/template/0/containers/0");

    @Test
    void googleProviderIsRequired() {
        assertEquals("hashicorp/google", gcp.requiredProvider("google").path("source").asText());
    }

    @Test
    void cloudRunRunsTheImageVariableOnPort8080() {
        assertEquals("${var.image}", container.path("image").asText());
        assertEquals(8080, container.at("/ports/0/container_port").asInt());
        assertTrue(gcp.variable("image").path("default").isMissingNode(), "the image must be given by the user");
    }

    @Test
    void cloudRunProbesHealthAtStartupAndWhileRunning() {
        assertEquals("/health", container.at("/startup_probe/0/http_get/0/path").asText());
        assertEquals("/health", container.at("/liveness_probe/0/http_get/0/path").asText());
    }

    @Test
    void cloudRunConcurrencyAndTimeoutComeFromVariables() {
        JsonNode template = service.at("/template/0");
        assertEquals("${var.max_instance_request_concurrency}",
                template.path("max_instance_request_concurrency").asText());
        assertEquals(80, gcp.variable("max_instance_request_concurrency").path("default").asInt());
        assertEquals("${var.request_timeout_seconds}s", template.path("timeout").asText());
    }

    @Test
    void shutdownGraceFitsInsideTheTenSecondsCloudRunWaitsBeforeSigkill() {
        JsonNode grace = env("AGENT_SHUTDOWN_GRACE_SECONDS");
        assertNotNull(grace, "Cloud Run must set AGENT_SHUTDOWN_GRACE_SECONDS");
        assertEquals("${tostring(var.shutdown_grace_seconds)}", grace.path("value").asText());
        JsonNode variable = gcp.variable("shutdown_grace_seconds");
        int byDefault = variable.path("default").asInt();
        assertTrue(byDefault > 0 && byDefault < 10, "default grace " + byDefault + " s must be under 10 s");
        assertTrue(variable.at("/validation/0/condition").asText().contains("<= 9"),
                "larger values must be rejected");
    }

    @Test
    void authTokenComesFromSecretManagerNeverAsAPlainValue() {
        assertFalse(gcp.locals().get("agent_environment").has("AGENT_AUTH_TOKEN"));
        JsonNode dynamicEnv = container.path("dynamic").path("env");
        JsonNode secretEnv = null;
        for (JsonNode block : dynamicEnv) {
            if (block.at("/content/0/name").asText().equals("AGENT_AUTH_TOKEN")) {
                secretEnv = block;
            }
        }
        assertNotNull(secretEnv, "AGENT_AUTH_TOKEN must be set on Cloud Run");
        assertEquals("latest", secretEnv.at("/content/0/value_source/0/secret_key_ref/0/version").asText());
        JsonNode functionSecret = gcp.resource("google_cloudfunctions2_function", "agent")
                .at("/service_config/0/dynamic/secret_environment_variables/0/content/0");
        assertEquals("AGENT_AUTH_TOKEN", functionSecret.path("key").asText());
        assertTrue(gcp.variable("agent_auth_token").path("sensitive").asBoolean());
        gcp.resource("google_secret_manager_secret", "auth_token");
        gcp.resource("google_secret_manager_secret_version", "auth_token");
        assertEquals("roles/secretmanager.secretAccessor",
                gcp.resource("google_secret_manager_secret_iam_member", "runtime_reads_token").path("role").asText());
    }

    @Test
    void theModelKeyComesFromSecretManagerNeverAsAPlainValueAndTheRuntimeMayReadIt() {
        JsonNode environment = gcp.locals().get("agent_environment");
        assertFalse(environment.has("OPENAI_API_KEY"));
        for (String name : List.of("AGENT_MODEL_PROVIDER", "AGENT_MODEL_NAME", "OPENAI_BASE_URL",
                "AGENT_SYSTEM_PROMPT")) {
            assertTrue(environment.has(name), name + " is not passed to the service and the function");
        }
        assertTrue(gcp.variable("agent_model").path("default").isEmpty(), "no model agent by default");
        JsonNode secretEnv = null;
        for (JsonNode block : container.path("dynamic").path("env")) {
            if (block.at("/content/0/name").asText().equals("OPENAI_API_KEY")) {
                secretEnv = block;
            }
        }
        assertNotNull(secretEnv, "OPENAI_API_KEY must be set on Cloud Run from a secret");
        assertEquals("latest", secretEnv.at("/content/0/value_source/0/secret_key_ref/0/version").asText());
        assertTrue(secretEnv.at("/for_each").asText().contains("var.openai_api_key_secret_id"), secretEnv.toString());
        boolean onTheFunction = false;
        for (JsonNode block : gcp.resource("google_cloudfunctions2_function", "agent")
                .at("/service_config/0/dynamic/secret_environment_variables")) {
            onTheFunction |= block.at("/content/0/key").asText().equals("OPENAI_API_KEY");
        }
        assertTrue(onTheFunction, "OPENAI_API_KEY must be set on the function from a secret");
        JsonNode grant = gcp.resource("google_secret_manager_secret_iam_member", "runtime_reads_openai_api_key");
        assertEquals("roles/secretmanager.secretAccessor", grant.path("role").asText());
        assertEquals("${var.openai_api_key_secret_id}", grant.path("secret_id").asText());
        assertEquals("serviceAccount:${google_service_account.runtime.email}", grant.path("member").asText());
        assertThrows(AssertionError.class, () -> gcp.variable("openai_api_key"),
                "the key must not be a plain variable");
    }

    @Test
    void publicAccessIsOptIn() {
        assertFalse(gcp.variable("public").path("default").asBoolean(true), "public must default to false");
        for (String name : List.of("public_server", "public_function")) {
            JsonNode member = gcp.resource("google_cloud_run_v2_service_iam_member", name);
            assertEquals("${var.public ? 1 : 0}", member.path("count").asText());
            assertEquals("roles/run.invoker", member.path("role").asText());
            assertEquals("allUsers", member.path("member").asText());
        }
    }

    @Test
    void cloudFunctionRunsJava21WithTheAgreedEntryPoint() {
        JsonNode function = gcp.resource("google_cloudfunctions2_function", "agent");
        assertEquals("java21", function.at("/build_config/0/runtime").asText());
        assertEquals("dev.agentport.gcf.AgentPortFunction", function.at("/build_config/0/entry_point").asText());
        JsonNode source = function.at("/build_config/0/source/0/storage_source/0");
        assertEquals("${google_storage_bucket.gcf_source.name}", source.path("bucket").asText());
        assertEquals("${google_storage_bucket_object.gcf_source.name}", source.path("object").asText());
    }

    @Test
    void cloudFunctionSourceIsTheBuiltJarZippedAndUploaded() {
        JsonNode archive = gcp.data("archive_file", "gcf_source");
        assertEquals("zip", archive.path("type").asText());
        assertEquals(DeployFiles.GCF_JAR, gcp.pathFromVariable(archive.path("source_file").asText()));
        JsonNode object = gcp.resource("google_storage_bucket_object", "gcf_source");
        assertEquals("${data.archive_file.gcf_source.output_path}", object.path("source").asText());
        assertTrue(object.path("name").asText().contains("output_md5"), "a new jar must make a new object");
    }

    @Test
    void outputsGiveBothUrls() {
        assertEquals("${google_cloud_run_v2_service.agent.uri}", gcp.output("cloud_run_url").path("value").asText());
        assertEquals("${google_cloudfunctions2_function.agent.url}", gcp.output("function_url").path("value").asText());
    }

    private JsonNode env(String name) {
        for (JsonNode env : container.path("env")) {
            if (env.path("name").asText().equals(name)) {
                return env;
            }
        }
        return null;
    }
}
