package dev.agentport.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Structure of sam-template.yaml, parsed with the CloudFormation short-form tags. */
class SamTemplateTest {

    private static final String MANAGED = "/Resources/AgentPortFunction";
    private static final String STREAMING = "/Resources/AgentPortStreamingFunction";
    private static final String CUSTOM_RUNTIME = "/Resources/AgentPortCustomRuntimeFunction";

    /** Resources the SAM transform creates from the ones written here, which !Ref and !GetAtt may name. */
    private static final Set<String> SAM_GENERATED = Set.of(
            "ServerlessHttpApi", "AgentPortStreamingFunctionUrl", "AgentPortFunctionAliaslive", "AgentPortFunctionRole",
            "AgentPortStreamingFunctionRole");

    /** A name inside {@code !Sub}: {@code ${Name}} or {@code ${Name.Attribute}}. */
    private static final Pattern SUB_NAME = Pattern.compile("\\$\\{([\\w:]+)(?:\\.\\w+)?}");

    private static JsonNode template;

    @BeforeAll
    static void parse() {
        template = CloudFormationYaml.parse(Repo.read("sam-template.yaml"));
    }

    @Test
    void templateUsesTheServerlessTransform() {
        assertEquals("AWS::Serverless-2016-10-31", template.path("Transform").asText());
        assertEquals("2010-09-09", template.path("AWSTemplateFormatVersion").asText());
    }

    @Test
    void authTokenParameterIsNoEchoAndEmptyByDefault() {
        JsonNode token = template.at("/Parameters/AgentAuthToken");
        assertEquals("String", token.path("Type").asText());
        assertTrue(token.path("NoEcho").asBoolean(), "AgentAuthToken must be NoEcho");
        assertEquals("", token.path("Default").asText("missing"), "an empty default token disables auth");
    }

    @Test
    void memoryAndTimeoutAreParameters() {
        assertEquals("Number", template.at("/Parameters/MemorySize/Type").asText());
        assertEquals("Number", template.at("/Parameters/Timeout/Type").asText());
        assertEquals("MemorySize", template.at("/Globals/Function/MemorySize/Ref").asText());
        assertEquals("Timeout", template.at(MANAGED + "/Properties/Timeout/Ref").asText());
    }

    @Test
    void managedFunctionRunsJava21WithTheAgreedHandlerAndZip() {
        JsonNode properties = template.at(MANAGED + "/Properties");
        assertEquals("AWS::Serverless::Function", template.at(MANAGED + "/Type").asText());
        assertEquals("java21", properties.path("Runtime").asText());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", properties.path("Handler").asText());
        assertEquals(DeployFiles.LAMBDA_ZIP, properties.path("CodeUri").asText());
    }

    @Test
    void managedFunctionSnapshotsPublishedVersionsBehindTheLiveAlias() {
        JsonNode properties = template.at(MANAGED + "/Properties");
        assertEquals("PublishedVersions", properties.at("/SnapStart/ApplyOn").asText());
        assertEquals("live", properties.path("AutoPublishAlias").asText(),
                "SnapStart only applies to published versions: the API must call an alias");
    }

    @Test
    void managedFunctionNamesTheClassDataArchiveItsZipCarries() {
        String options = template.at(MANAGED + "/Properties/Environment/Variables/JAVA_TOOL_OPTIONS").asText();
        assertEquals("-XX:SharedArchiveFile=/var/task/agentport-lambda.jsa", options);
        DeployFiles.assertZipHasWhatJavaToolOptionsNames(DeployFiles.LAMBDA_ZIP, options);
        assertTrue(template.at(STREAMING + "/Properties/Environment").isMissingNode(),
                "the streaming function's bootstrap names the archive of its own JRE; the managed one's is not for it");
    }

    @Test
    void httpApiEventsUsePayloadFormat2OnTheRootAndEveryPath() {
        Set<String> routes = new HashSet<>();
        template.at(MANAGED + "/Properties/Events").forEach(event -> {
            assertEquals("HttpApi", event.path("Type").asText());
            assertEquals("2.0", event.at("/Properties/PayloadFormatVersion").asText(),
                    "payload format must be the string 2.0");
            routes.add(event.at("/Properties/Method").asText() + " " + event.at("/Properties/Path").asText());
        });
        assertEquals(Set.of("ANY /", "ANY /{proxy+}"), routes);
    }

    @Test
    void theHttpApisFunctionRunsOnTheManagedRuntimeUnlessApiRuntimeAsksForTheCustomRuntime() {
        JsonNode parameter = template.at("/Parameters/ApiRuntime");
        assertEquals("java21", parameter.path("Default").asText(), "the managed runtime with SnapStart by default");
        assertEquals(List.of("java21", "provided.al2023"),
                Json.MAPPER.convertValue(parameter.path("AllowedValues"), List.class));
        // exactly one of the two functions, each behind the same routes
        assertEquals("ApiOnManagedRuntime", template.at(MANAGED + "/Condition").asText());
        assertEquals("ApiOnCustomRuntime", template.at(CUSTOM_RUNTIME + "/Condition").asText());
        assertEquals(List.of(Map.of("Ref", "ApiRuntime"), "java21"),
                Json.MAPPER.convertValue(template.at("/Conditions/ApiOnManagedRuntime/Fn::Equals"), List.class));
        assertEquals(List.of(Map.of("Ref", "ApiRuntime"), "provided.al2023"),
                Json.MAPPER.convertValue(template.at("/Conditions/ApiOnCustomRuntime/Fn::Equals"), List.class));
        assertEquals(template.at(MANAGED + "/Properties/Events"), template.at(CUSTOM_RUNTIME + "/Properties/Events"));
        assertEquals("ApiOnManagedRuntime", template.at("/Outputs/ManagedFunctionName/Condition").asText());
        assertEquals("ApiOnCustomRuntime", template.at("/Outputs/CustomRuntimeFunctionName/Condition").asText());
    }

    @Test
    void theCustomRuntimeApiFunctionRunsTheBufferedHandlerFromTheStreamingZipWithoutSnapStart() {
        JsonNode properties = template.at(CUSTOM_RUNTIME + "/Properties");
        assertEquals("provided.al2023", properties.path("Runtime").asText());
        assertEquals("dev.agentport.lambda.LambdaHandler::handleRequest", properties.path("Handler").asText(),
                "the handler the streaming zip's bootstrap runs the runtime interface client with");
        assertEquals(DeployFiles.STREAMING_ZIP, properties.path("CodeUri").asText());
        assertEquals("x86_64", properties.at("/Architectures/0").asText(), "the streaming zip carries an x86_64 JRE");
        assertTrue(properties.path("SnapStart").isMissingNode(), "custom runtimes have no SnapStart");
        assertEquals("Timeout", properties.at("/Timeout/Ref").asText());
        assertTrue(properties.path("Environment").isMissingNode(),
                "no JAVA_TOOL_OPTIONS: an archive option there makes the bootstrap leave its AOT cache alone");
    }

    @Test
    void streamingFunctionIsACustomRuntimeStartedByBootstrap() {
        JsonNode properties = template.at(STREAMING + "/Properties");
        assertEquals("provided.al2023", properties.path("Runtime").asText());
        assertEquals("bootstrap", properties.path("Handler").asText());
        assertEquals(DeployFiles.STREAMING_ZIP, properties.path("CodeUri").asText());
        assertEquals("x86_64", properties.at("/Architectures/0").asText(),
                "the streaming zip carries an x86_64 JRE");
    }

    @Test
    void streamingFunctionHasAPublicFunctionUrlThatStreams() {
        JsonNode url = template.at(STREAMING + "/Properties/FunctionUrlConfig");
        assertEquals("RESPONSE_STREAM", url.path("InvokeMode").asText());
        // With AuthType NONE the SAM transform adds both lambda:InvokeFunctionUrl and lambda:InvokeFunction
        // (InvokedViaFunctionUrl) to the function's policy, which a public URL has needed since October 2025.
        assertEquals("NONE", url.path("AuthType").asText());
    }

    @Test
    void everyFunctionGetsTheAgentSettingsFromParameters() {
        JsonNode variables = template.at("/Globals/Function/Environment/Variables");
        for (String name : List.of("AGENT_AUTH_TOKEN", "AGENT_NAME", "AGENT_VERSION", "AGENT_FRAMEWORK",
                "AGENT_MAX_BODY_BYTES", "AGENT_RUN_TIMEOUT_SECONDS", "AGENT_PUBLIC_URL")) {
            String parameter = variables.at("/" + name + "/Ref").asText("");
            assertFalse(parameter.isEmpty(), name + " must come from a parameter");
            assertTrue(template.at("/Parameters").has(parameter), name + " names a missing parameter " + parameter);
        }
        assertEquals("AgentAuthToken", variables.at("/AGENT_AUTH_TOKEN/Ref").asText());
    }

    @Test
    void theModelSettingsComeFromParametersEmptyByDefault() {
        JsonNode variables = template.at("/Globals/Function/Environment/Variables");
        for (String name : List.of("AGENT_MODEL_PROVIDER", "AGENT_MODEL_NAME", "OPENAI_BASE_URL",
                "AGENT_SYSTEM_PROMPT")) {
            String parameter = variables.at("/" + name + "/Ref").asText("");
            assertFalse(parameter.isEmpty(), name + " must come from a parameter");
            assertEquals("", template.at("/Parameters/" + parameter + "/Default").asText("missing"),
                    parameter + " must be empty by default: no model agent");
        }
    }

    @Test
    void theModelKeyIsADynamicReferenceToASecretsManagerSecretNeverAPlainParameter() {
        JsonNode key = template.at("/Globals/Function/Environment/Variables/OPENAI_API_KEY/Fn::If");
        assertEquals("HasOpenAiApiKeySecret", key.path(0).asText(), "OPENAI_API_KEY must be set only with a secret");
        assertEquals("{{resolve:secretsmanager:${OpenAiApiKeySecretArn}:SecretString}}",
                key.at("/1/Fn::Sub").asText(), "OPENAI_API_KEY must be resolved from the secret the ARN names");
        assertEquals("", key.path(2).asText("missing"));
        JsonNode arn = template.at("/Parameters/OpenAiApiKeySecretArn");
        assertEquals("", arn.path("Default").asText("missing"));
        assertTrue(arn.path("AllowedPattern").asText().contains(":secretsmanager:"),
                "the parameter must take a secret's ARN, never the key");
        for (var parameter : template.path("Parameters").properties()) {
            assertFalse(parameter.getKey().matches("(?i).*api.?key"), parameter.getKey()
                    + ": the key must not be a parameter");
        }
    }

    @Test
    void outputsGiveTheHttpApiUrlAndTheFunctionUrl() {
        assertTrue(template.at("/Outputs/HttpApiUrl/Value/Fn::Sub").asText().contains("${ServerlessHttpApi}"),
                "HttpApiUrl is built from the implicit ServerlessHttpApi");
        assertEquals(List.of("AgentPortStreamingFunctionUrl", "FunctionUrl"),
                Json.MAPPER.convertValue(template.at("/Outputs/FunctionUrl/Value/Fn::GetAtt"), List.class));
    }

    @Test
    void everyRefAndGetAttNamesAParameterAResourceOrWhatSamGenerates() {
        Set<String> known = new HashSet<>(Json.fieldNames(template.path("Parameters")));
        known.addAll(Json.fieldNames(template.path("Resources")));
        known.addAll(SAM_GENERATED);
        List<String> unknown = new ArrayList<>();
        collectNames(template, unknown, known);
        assertEquals(List.of(), unknown, "names that resolve to nothing");
    }

    private static void collectNames(JsonNode node, List<String> unknown, Set<String> known) {
        if (node.isObject()) {
            node.properties().forEach(field -> {
                String name = switch (field.getKey()) {
                    case "Ref" -> field.getValue().asText();
                    case "Fn::GetAtt" -> field.getValue().path(0).asText();
                    default -> null;
                };
                if (name != null && !name.startsWith("AWS::") && !known.contains(name)) {
                    unknown.add(name);
                }
                if (field.getKey().equals("Fn::Sub") && field.getValue().isTextual()) {
                    Matcher matcher = SUB_NAME.matcher(field.getValue().asText());
                    while (matcher.find()) {
                        String sub = matcher.group(1);
                        if (!sub.startsWith("AWS::") && !known.contains(sub)) {
                            unknown.add(sub);
                        }
                    }
                }
                collectNames(field.getValue(), unknown, known);
            });
        } else if (node.isArray()) {
            node.forEach(child -> collectNames(child, unknown, known));
        }
    }
}
