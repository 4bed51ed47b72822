package dev.agentport.parity.store;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
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

import java.net.ServerSocket;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * DynamoDB Local, in memory, in this JVM on a free loopback port, with one table of the layout the deploy files
 * create: the store packaged servers share as instances on {@code AGENT_STATE_STORE=dynamodb://...} do.
 */
final class SharedDynamoDb implements AutoCloseable {

    private static final String TABLE = "agentport-state";
    private static final String ACCESS_KEY = "localAccessKey";
    private static final String SECRET_KEY = "localSecretKey";

    private final DynamoDBProxyServer server;
    private final URI endpoint;

    private SharedDynamoDb(DynamoDBProxyServer server, URI endpoint) {
        this.server = server;
        this.endpoint = endpoint;
    }

    static SharedDynamoDb start() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(
                new String[] {"-inMemory", "-port", Integer.toString(port)});
        server.start();
        SharedDynamoDb dynamo = new SharedDynamoDb(server, URI.create("http://127.0.0.1:" + port));
        dynamo.createTable();
        return dynamo;
    }

    /** The settings of an instance on this table, with {@code more} as name, value pairs. */
    Map<String, String> settings(String... more) {
        Map<String, String> settings = new HashMap<>(Map.of(
                "AGENT_STATE_STORE", "dynamodb://" + TABLE + "?endpoint=" + endpoint,
                "AWS_REGION", Region.US_EAST_1.id(),
                "AWS_ACCESS_KEY_ID", ACCESS_KEY,
                "AWS_SECRET_ACCESS_KEY", SECRET_KEY));
        for (int i = 0; i + 1 < more.length; i += 2) {
            settings.put(more[i], more[i + 1]);
        }
        return settings;
    }

    private void createTable() {
        try (DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY,
                        SECRET_KEY)))
                .httpClient(UrlConnectionHttpClient.create())
                .build()) {
            client.createTable(builder -> builder.tableName(TABLE)
                    .attributeDefinitions(
                            AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S)
                                    .build(),
                            AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S)
                                    .build())
                    .keySchema(
                            KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                            KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                    .billingMode(BillingMode.PAY_PER_REQUEST));
        }
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
