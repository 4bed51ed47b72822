package dev.agentport.store.dynamodb;

import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * DynamoDB Local, in memory, in this JVM on a free loopback port: started by the first test that needs it, stopped
 * when the JVM ends. Tables are made with the layout the deploy files create: {@code pk} and {@code sk}, strings.
 */
final class LocalDynamoDb {

    static final Region REGION = Region.US_EAST_1;
    static final String ACCESS_KEY = "localAccessKey";
    static final String SECRET_KEY = "localSecretKey";

    private static final AtomicInteger TABLES = new AtomicInteger();
    private static URI endpoint;

    private LocalDynamoDb() {
    }

    static synchronized URI endpoint() {
        if (endpoint == null) {
            int port = freePort();
            try {
                DynamoDBProxyServer server = ServerRunner.createServerFromCommandLineArgs(
                        new String[] {"-inMemory", "-port", Integer.toString(port)});
                server.start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        server.stop();
                    } catch (Exception e) {
                        // the JVM is ending anyway
                    }
                }));
            } catch (Exception e) {
                throw new IllegalStateException("DynamoDB Local did not start", e);
            }
            endpoint = URI.create("http://127.0.0.1:" + port);
        }
        return endpoint;
    }

    static DynamoDbClient client() {
        return client(endpoint());
    }

    static DynamoDbClient client(URI endpoint) {
        return DynamoDbStoreProvider.configure(DynamoDbClient.builder())
                .endpointOverride(endpoint)
                .region(REGION)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .build();
    }

    /** A new table with the store's layout, named after {@code prefix}. */
    static String newTable(String prefix) {
        String name = prefix + "-" + TABLES.incrementAndGet();
        try (DynamoDbClient client = client()) {
            client.createTable(layout(name));
        }
        return name;
    }

    /** The table the deploy files create: partition key pk and sort key sk, strings, no index. */
    static CreateTableRequest layout(String name) {
        return CreateTableRequest.builder().tableName(name)
                .attributeDefinitions(
                        AttributeDefinition.builder().attributeName("pk").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("sk").attributeType(ScalarAttributeType.S).build())
                .keySchema(
                        KeySchemaElement.builder().attributeName("pk").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("sk").keyType(KeyType.RANGE).build())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .build();
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
