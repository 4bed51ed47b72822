package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentport.agent.Turn;
import dev.agentport.store.StateStoreBackends;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;
import dev.agentport.store.StoreUnavailableException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** AGENT_STATE_STORE=dynamodb://... as the server opens it: through the provider the class path registers. */
class StartUpTest {

    @BeforeAll
    static void credentials() {
        // The SDK's default chains read these, as they read AWS_REGION and the AWS_* keys in a deployment.
        System.setProperty("aws.region", LocalDynamoDb.REGION.id());
        System.setProperty("aws.accessKeyId", LocalDynamoDb.ACCESS_KEY);
        System.setProperty("aws.secretAccessKey", LocalDynamoDb.SECRET_KEY);
    }

    private static StateStores open(String location) {
        return StateStoreBackends.open(StateStoreSettings.fromEnvironment(Map.of("AGENT_STATE_STORE", location),
                Duration.ofHours(1)), StartUpTest.class.getClassLoader());
    }

    @Test
    void dynamodb_scheme_opens_the_table_through_the_registered_provider() throws Exception {
        String table = LocalDynamoDb.newTable("startup");
        try (StateStores stores = open("dynamodb://" + table + "?endpoint=" + LocalDynamoDb.endpoint())) {
            assertEquals("DynamoDbSessionStore", stores.sessions().getClass().getSimpleName());
            assertTrue(stores.sessions().append("s", 0, new Turn(new TextNode("hi"), new TextNode("re: hi"),
                    Instant.now())));
            assertEquals(1, stores.sessions().conversation("s").version());
        }
    }

    @Test
    void a_missing_table_stops_start_up_naming_the_variable_and_the_table() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> open("dynamodb://no-such-table?endpoint=" + LocalDynamoDb.endpoint()));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE names the DynamoDB table no-such-table"),
                e.getMessage());
    }

    @Test
    void an_unreachable_endpoint_stops_start_up_naming_the_table_and_no_credential() {
        StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                () -> open("dynamodb://agent-state?endpoint=http://127.0.0.1:" + LocalDynamoDb.freePort()));
        assertTrue(e.getMessage().startsWith("DynamoDB table agent-state: DescribeTable failed"), e.getMessage());
        assertFalse(e.getMessage().contains(LocalDynamoDb.SECRET_KEY), e.getMessage());
    }

    @Test
    void a_location_that_is_not_a_table_names_the_variable() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> open("dynamodb://agent-state?region=eu-west-1"));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE takes only the parameter endpoint"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> open("dynamodb://a/b"));
        assertTrue(e.getMessage().startsWith("AGENT_STATE_STORE must name a table"), e.getMessage());
    }
}
