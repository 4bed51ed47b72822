package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** terraform/aws parses with HashiCorp's HCL parser and wires the two Lambda functions as agreed. */
class TerraformAwsTest {

    /** Parsed once per run; each test asks for it, so without node every test is skipped with the reason. */
    private final TerraformModule aws = TerraformModule.of("terraform/aws");

    @Test
    void awsProviderIsAtLeast6_29ForInvokedViaFunctionUrl() {
        JsonNode provider = aws.requiredProvider("aws");
        assertEquals("hashicorp/aws", provider.path("source").asText());
        assertEquals(">= 6.29", provider.path("version").asText());
    }

    @Test
    void managedFunctionRunsJava21WithTheAgreedHandlerAndZip() {
        JsonNode function = aws.resource("aws_lambda_function", "managed");
        assertEquals("java21", function.path("runtime").asText());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", function.path("handler").asText());
        assertEquals(DeployFiles.LAMBDA_ZIP, aws.pathFromVariable(function.path("filename").asText()));
        assertTrue(function.path("source_code_hash").asText().contains("filebase64sha256(var.lambda_zip)"),
                "a new zip must change the function");
    }

    @Test
    void managedFunctionSnapshotsPublishedVersionsAndTheApiCallsTheLiveAlias() {
        JsonNode function = aws.resource("aws_lambda_function", "managed");
        assertTrue(function.path("publish").asBoolean(), "SnapStart only applies to published versions");
        assertEquals("PublishedVersions", function.at("/snap_start/0/apply_on").asText());
        JsonNode alias = aws.resource("aws_lambda_alias", "live");
        assertEquals("${aws_lambda_function.managed[0].version}", alias.path("function_version").asText());
    }

    @Test
    void httpApiUsesPayloadFormat2OnTheRootAndEveryPathWithTheDefaultStage() {
        assertEquals("HTTP", aws.resource("aws_apigatewayv2_api", "http").path("protocol_type").asText());
        JsonNode integration = aws.resource("aws_apigatewayv2_integration", "managed");
        assertEquals("AWS_PROXY", integration.path("integration_type").asText());
        assertEquals("2.0", integration.path("payload_format_version").asText());
        Set<String> routes = new HashSet<>();
        aws.resources("aws_apigatewayv2_route").values().forEach(route -> {
            routes.add(route.path("route_key").asText());
            assertEquals("integrations/${aws_apigatewayv2_integration.managed.id}", route.path("target").asText());
        });
        assertEquals(Set.of("ANY /", "ANY /{proxy+}"), routes);
        JsonNode stage = aws.resource("aws_apigatewayv2_stage", "default");
        assertEquals("$default", stage.path("name").asText(), "the $default stage keeps the stage out of rawPath");
        assertTrue(stage.path("auto_deploy").asBoolean());
    }

    @Test
    void apiGatewayMayInvokeTheLiveAlias() {
        JsonNode permission = aws.resource("aws_lambda_permission", "api_gateway");
        assertEquals("lambda:InvokeFunction", permission.path("action").asText());
        assertEquals("apigateway.amazonaws.com", permission.path("principal").asText());
        assertEquals("${aws_lambda_alias.live[0].name}", permission.path("qualifier").asText());
        assertTrue(permission.path("source_arn").asText().contains("aws_apigatewayv2_api.http.execution_arn"));
    }

    @Test
    void streamingFunctionIsAnX86CustomRuntimeStartedByBootstrap() {
        JsonNode function = aws.resource("aws_lambda_function", "streaming");
        assertEquals("provided.al2023", function.path("runtime").asText());
        assertEquals("bootstrap", function.path("handler").asText());
        assertEquals(DeployFiles.STREAMING_ZIP, aws.pathFromVariable(function.path("filename").asText()));
        assertEquals(List.of("x86_64"), Json.MAPPER.convertValue(function.path("architectures"), List.class),
                "the streaming zip carries an x86_64 JRE");
    }

    @Test
    void functionUrlIsPublicAndStreamsResponses() {
        JsonNode url = aws.resource("aws_lambda_function_url", "streaming");
        assertEquals("${aws_lambda_function.streaming.function_name}", url.path("function_name").asText());
        assertEquals("NONE", url.path("authorization_type").asText());
        assertEquals("RESPONSE_STREAM", url.path("invoke_mode").asText());
    }

    @Test
    void publicFunctionUrlGrantsBothInvokeFunctionUrlAndInvokeFunction() {
        Map<String, JsonNode> permissions = aws.resources("aws_lambda_permission");
        String streaming = "${aws_lambda_function.streaming.function_name}";
        JsonNode urlGrant = permissions.values().stream()
                .filter(p -> p.path("action").asText().equals("lambda:InvokeFunctionUrl"))
                .filter(p -> p.path("function_name").asText().equals(streaming))
                .findFirst().orElseThrow(() -> new AssertionError("no lambda:InvokeFunctionUrl permission"));
        assertEquals("*", urlGrant.path("principal").asText());
        assertEquals("NONE", urlGrant.path("function_url_auth_type").asText());

        JsonNode invokeGrant = permissions.values().stream()
                .filter(p -> p.path("action").asText().equals("lambda:InvokeFunction"))
                .filter(p -> p.path("function_name").asText().equals(streaming))
                .findFirst().orElseThrow(() -> new AssertionError(
                        "no lambda:InvokeFunction permission: a public Function URL answers 403 without it"));
        assertEquals("*", invokeGrant.path("principal").asText());
        assertTrue(invokeGrant.path("invoked_via_function_url").asBoolean(),
                "lambda:InvokeFunction for everyone must be limited to calls through the Function URL");
        assertNull(invokeGrant.get("function_url_auth_type"),
                "function_url_auth_type is only valid with lambda:InvokeFunctionUrl");
    }

    @Test
    void bothFunctionsGetTheAgentSettingsAndTheTokenIsSensitive() {
        JsonNode environment = aws.locals().get("agent_environment");
        for (String name : List.of("AGENT_AUTH_TOKEN", "AGENT_NAME", "AGENT_VERSION", "AGENT_FRAMEWORK",
                "AGENT_MAX_BODY_BYTES", "AGENT_RUN_TIMEOUT_SECONDS", "AGENT_PUBLIC_URL")) {
            assertTrue(environment.has(name), name + " is not passed to the functions");
        }
        assertEquals("${var.agent_auth_token}", environment.path("AGENT_AUTH_TOKEN").asText());
        assertEquals("${merge(local.agent_environment, local.managed_runtime_environment)}",
                aws.resource("aws_lambda_function", "managed").at("/environment/0/variables").asText());
        assertEquals("${local.agent_environment}",
                aws.resource("aws_lambda_function", "streaming").at("/environment/0/variables").asText());
        JsonNode token = aws.variable("agent_auth_token");
        assertTrue(token.path("sensitive").asBoolean(), "the token variable must be sensitive");
        assertEquals("", token.path("default").asText("missing"));
    }

    @Test
    void bothFunctionsGetTheModelSettingsEmptyByDefaultAndTheKeyFromSecretsManager() {
        JsonNode environment = aws.locals().get("agent_environment");
        assertEquals("${var.agent_model.provider}", environment.path("AGENT_MODEL_PROVIDER").asText());
        assertEquals("${var.agent_model.name}", environment.path("AGENT_MODEL_NAME").asText());
        assertEquals("${var.agent_model.openai_base_url}", environment.path("OPENAI_BASE_URL").asText());
        assertEquals("${var.agent_model.system_prompt}", environment.path("AGENT_SYSTEM_PROMPT").asText());
        assertTrue(aws.variable("agent_model").path("default").isEmpty(), "no model agent by default");
        assertEquals("${local.openai_api_key}", environment.path("OPENAI_API_KEY").asText());
        assertEquals("${var.openai_api_key_secret_arn}",
                aws.data("aws_secretsmanager_secret_version", "openai_api_key").path("secret_id").asText());
        assertTrue(aws.locals().get("openai_api_key").asText()
                .contains("data.aws_secretsmanager_secret_version.openai_api_key[0].secret_string"));
        assertEquals("", aws.variableDefault("openai_api_key_secret_arn"));
        assertThrows(AssertionError.class, () -> aws.variable("openai_api_key"),
                "the key must not be a plain variable");
    }

    @Test
    void theManagedFunctionNamesTheClassDataArchiveItsZipCarries() {
        String options = aws.locals().get("managed_runtime_environment").path("JAVA_TOOL_OPTIONS").asText();
        assertEquals("-XX:SharedArchiveFile=/var/task/agentport-lambda.jsa", options);
        DeployFiles.assertZipHasWhatJavaToolOptionsNames(DeployFiles.LAMBDA_ZIP, options);
        assertFalse(aws.locals().get("agent_environment").has("JAVA_TOOL_OPTIONS"),
                "the streaming function's bootstrap names the archive of its own JRE; the managed one's is not for it");
    }

    @Test
    void theHttpApiCallsTheManagedFunctionUnlessApiRuntimeAsksForTheCustomRuntime() {
        JsonNode runtime = aws.variable("api_runtime");
        assertEquals("java21", runtime.path("default").asText(), "the managed runtime with SnapStart by default");
        assertTrue(runtime.at("/validation/0/condition").asText().contains("[\"java21\", \"provided.al2023\"]"),
                runtime.toString());
        assertEquals("${var.api_runtime == \"java21\"}", aws.locals().get("api_on_managed_runtime").asText());
        // exactly one of the two functions, the alias and the permission that go with it
        for (String managed : List.of("aws_lambda_function/managed", "aws_lambda_alias/live",
                "aws_lambda_permission/api_gateway")) {
            String[] parts = managed.split("/");
            assertEquals("${local.api_on_managed_runtime ? 1 : 0}",
                    aws.resource(parts[0], parts[1]).path("count").asText(), managed);
        }
        for (String custom : List.of("aws_lambda_function/api_custom_runtime",
                "aws_lambda_permission/api_gateway_custom_runtime")) {
            String[] parts = custom.split("/");
            assertEquals("${local.api_on_managed_runtime ? 0 : 1}",
                    aws.resource(parts[0], parts[1]).path("count").asText(), custom);
        }
        assertEquals("${local.api_on_managed_runtime ? aws_lambda_alias.live[0].invoke_arn"
                        + " : aws_lambda_function.api_custom_runtime[0].invoke_arn}",
                aws.resource("aws_apigatewayv2_integration", "managed").path("integration_uri").asText());
    }

    @Test
    void theCustomRuntimeApiFunctionRunsTheBufferedHandlerFromTheStreamingZipWithoutSnapStart() {
        JsonNode function = aws.resource("aws_lambda_function", "api_custom_runtime");
        assertEquals("provided.al2023", function.path("runtime").asText());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", function.path("handler").asText(),
                "the handler the streaming zip's bootstrap runs the runtime interface client with");
        assertEquals(DeployFiles.STREAMING_ZIP, aws.pathFromVariable(function.path("filename").asText()));
        assertTrue(function.path("source_code_hash").asText().contains("filebase64sha256(var.streaming_zip)"));
        assertEquals("x86_64", function.at("/architectures/0").asText(), "the streaming zip carries an x86_64 JRE");
        assertTrue(function.path("snap_start").isMissingNode(), "custom runtimes have no SnapStart");
        assertEquals("${var.timeout}", function.path("timeout").asText());
        assertEquals("${local.agent_environment}", function.at("/environment/0/variables").asText(),
                "no JAVA_TOOL_OPTIONS: an archive option there makes the bootstrap leave its AOT cache alone");
        JsonNode permission = aws.resource("aws_lambda_permission", "api_gateway_custom_runtime");
        assertEquals("${aws_lambda_function.api_custom_runtime[0].function_name}",
                permission.path("function_name").asText());
        assertEquals("apigateway.amazonaws.com", permission.path("principal").asText());
    }

    @Test
    void memoryTimeoutAndRegionAreVariables() {
        for (String name : List.of("memory_size", "timeout", "region")) {
            assertFalse(aws.variable(name).path("description").asText().isBlank(), name + " needs a description");
        }
        assertEquals("${var.memory_size}", aws.resource("aws_lambda_function", "managed").path("memory_size").asText());
        assertEquals("${var.timeout}", aws.resource("aws_lambda_function", "managed").path("timeout").asText());
        assertEquals("${var.region}", aws.files().get("versions.tf").at("/provider/aws/0/region").asText());
    }

    @Test
    void executionRoleMayBeAssumedByLambdaAndWriteLogs() {
        JsonNode trust = aws.data("aws_iam_policy_document", "lambda_assume_role");
        assertEquals("lambda.amazonaws.com", trust.at("/statement/0/principals/0/identifiers/0").asText());
        assertTrue(aws.resource("aws_iam_role_policy_attachment", "lambda_logs").path("policy_arn").asText()
                .endsWith("AWSLambdaBasicExecutionRole"));
    }

    @Test
    void outputsGiveTheHttpApiUrlAndTheFunctionUrl() {
        assertEquals("${aws_apigatewayv2_stage.default.invoke_url}", aws.output("http_api_url").path("value").asText());
        assertEquals("${aws_lambda_function_url.streaming.function_url}",
                aws.output("function_url").path("value").asText());
    }

    @Test
    void agentCoreRuntimeRunsTheImageOnlyWhenItsUriIsSet() {
        assertEquals("", aws.variableDefault("agentcore_image_uri"), "no runtime unless an image is named");
        JsonNode runtime = aws.resource("aws_bedrockagentcore_agent_runtime", "agent");
        assertEquals("${local.use_agentcore ? 1 : 0}", runtime.path("count").asText());
        assertEquals("${var.agentcore_image_uri}",
                runtime.at("/agent_runtime_artifact/0/container_configuration/0/container_uri").asText());
        assertEquals("${var.agentcore_protocol}", runtime.at("/protocol_configuration/0/server_protocol").asText());
        assertEquals("HTTP", aws.variableDefault("agentcore_protocol"));
        assertEquals("${local.agentcore_environment}", runtime.path("environment_variables").asText());
    }

    @Test
    void agentCorePortFollowsTheProtocolAndTheRuntimeGetsNoToken() {
        JsonNode ports = aws.locals().get("agentcore_ports");
        assertEquals(Map.of("HTTP", "8080", "MCP", "8000", "A2A", "9000"), Map.of("HTTP", ports.path("HTTP").asText(),
                "MCP", ports.path("MCP").asText(), "A2A", ports.path("A2A").asText()));
        String environment = aws.locals().get("agentcore_environment").asText();
        assertTrue(environment.contains("local.agent_environment"), environment);
        assertTrue(environment.contains("PORT") && environment.contains("local.agentcore_ports[var.agentcore_protocol]"),
                environment);
        assertTrue(environment.contains("AGENT_AUTH_TOKEN") && environment.contains("value != \"\""),
                "the platform authenticates: the token is left out " + environment);
    }

    @Test
    void agentCoreRoleMayBeAssumedByAgentCoreAndUseTheStateTable() {
        JsonNode trust = aws.data("aws_iam_policy_document", "agentcore_assume_role");
        assertEquals("bedrock-agentcore.amazonaws.com", trust.at("/statement/0/principals/0/identifiers/0").asText());
        assertEquals("${aws_iam_role.agentcore[0].arn}",
                aws.resource("aws_bedrockagentcore_agent_runtime", "agent").path("role_arn").asText());
        assertEquals("${data.aws_iam_policy_document.state_table[0].json}",
                aws.resource("aws_iam_role_policy", "agentcore_state_table").path("policy").asText());
        assertTrue(aws.output("agentcore_runtime_arn").path("value").asText().contains("agent_runtime_arn"));
    }
}
