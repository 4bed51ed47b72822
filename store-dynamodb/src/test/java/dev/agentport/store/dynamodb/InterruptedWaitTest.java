package dev.agentport.store.dynamodb;

import dev.agentport.session.McpReplies;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A wait for an MCP reply interrupted while it reads the table ends as any interrupted wait does, with
 * {@link InterruptedException}, not as an outage of the store, and its open wait is deleted. The contract's own rule
 * interrupts at a moment it does not choose; here the interrupt lands inside the read, where the SDK refuses to go on.
 */
class InterruptedWaitTest {

    @Test
    void a_wait_interrupted_during_its_read_ends_with_InterruptedException() throws Exception {
        DynamoDbClient real = LocalDynamoDb.client();
        String name = LocalDynamoDb.newTable("replies");
        CountDownLatch reading = new CountDownLatch(1);
        DynamoDbClient interruptedInRead = new DynamoDbClient() {
            @Override
            public String serviceName() {
                return real.serviceName();
            }

            @Override
            public void close() {
            }

            @Override
            public PutItemResponse putItem(PutItemRequest request) {
                return real.putItem(request);
            }

            @Override
            public DeleteItemResponse deleteItem(DeleteItemRequest request) {
                return real.deleteItem(request);
            }

            @Override
            public GetItemResponse getItem(GetItemRequest request) {
                reading.countDown();
                while (!Thread.currentThread().isInterrupted()) {
                    LockSupport.park();
                }
                return real.getItem(request); // the real client, on an interrupted thread
            }
        };
        McpReplies replies = new DynamoDbMcpReplies(new Table(interruptedInRead, name,
                new Expiry(Duration.ofDays(7), Clock.systemUTC())));
        replies.expect("r1");
        CompletableFuture<Throwable> ended = new CompletableFuture<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                replies.await("r1", Duration.ofMinutes(1));
                ended.complete(null);
            } catch (Throwable e) {
                ended.complete(e);
            }
        });
        assertTrue(reading.await(10, TimeUnit.SECONDS));
        waiter.interrupt();

        assertInstanceOf(InterruptedException.class, ended.get(10, TimeUnit.SECONDS));
        Map<String, AttributeValue> left = real.getItem(builder -> builder.tableName(name)
                .key(Items.key("reply#r1", "reply")).consistentRead(true)).item();
        assertFalse(left != null && !left.isEmpty(), "the open wait was left in the table: " + left);
    }
}
