package dev.agentport.lambdalocal;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Lambda instances, each its own run-local with its own function process, sharing one DynamoDB table
 * ({@code AGENT_STATE_STORE=dynamodb://...} against DynamoDB Local, the credentials in the variables Lambda sets): a
 * conversation begun on one continues on the other, and a run paused on one is resumed on the other.
 */
@Timeout(300)
class SharedStateIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TABLE = "agentport-state";
    private static final String ACCESS_KEY = "localAccessKey";

    @Test
    void a_conversation_and_a_paused_run_begun_on_one_instance_continue_on_another() throws Exception {
        RunLocalProcess.assumeBuilt("buffered");
        int dynamoPort = RunLocalProcess.freePort();
        DynamoDBProxyServer dynamo = ServerRunner.createServerFromCommandLineArgs(
                new String[] {"-inMemory", "-port", Integer.toString(dynamoPort)});
        dynamo.start();
        try {
            URI endpoint = URI.create("http://127.0.0.1:" + dynamoPort);
            createTable(endpoint);
            Map<String, String> env = Map.of(
                    "AGENT_STATE_STORE", "dynamodb://" + TABLE + "?endpoint=" + endpoint,
                    "AWS_ACCESS_KEY_ID", ACCESS_KEY,
                    "AWS_SECRET_ACCESS_KEY", "localSecretKey",
                    "DEFAULT_AGENT_WORD_DELAY_MS", "0");
            try (RunLocalProcess first = RunLocalProcess.start(RunLocalProcess.freePort(), "buffered", env);
                 RunLocalProcess second = RunLocalProcess.start(RunLocalProcess.freePort(), "buffered", env)) {
                first.awaitListening();
                second.awaitListening();

                JsonNode one = post(first, "/invoke", "{\"input\":\"hello\",\"session_id\":\"shared-1\"}");
                assertTrue(one.get("output").asText().contains("turn 1 of this session"), one.toString());
                JsonNode two = post(second, "/invoke", "{\"input\":\"again\",\"session_id\":\"shared-1\"}");
                assertTrue(two.get("output").asText().contains("turn 2 of this session"), two.toString());

                JsonNode paused = post(first, "/invoke",
                        "{\"input\":\"please approve the refund\",\"session_id\":\"refund-1\"}");
                assertEquals("interrupted", paused.get("output").get("status").asText(), paused.toString());
                JsonNode resumed = post(second, "/resume", "{\"thread_id\":\"refund-1\",\"human_input\":\"yes\"}");
                assertTrue(resumed.get("output").asText().startsWith("Approved"), resumed.toString());
            }
        } finally {
            dynamo.stop();
        }
    }

    private static JsonNode post(RunLocalProcess instance, String path, String body) throws Exception {
        HttpResponse<String> response = TestSupport.CLIENT.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + instance.port + path))
                .timeout(Duration.ofSeconds(90))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body() + "\n" + instance.output());
        return JSON.readTree(response.body());
    }

    private static void createTable(URI endpoint) {
        try (DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(ACCESS_KEY, "localSecretKey")))
                .httpClient(UrlConnectionHttpClient.create())
                .build()) {
            client.createTable(builder -> builder.tableName(TABLE)
                    .attributeDefinitions(
                            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                            AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S).build())
                    .keySchema(
                            KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                            KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
        }
    }
}
