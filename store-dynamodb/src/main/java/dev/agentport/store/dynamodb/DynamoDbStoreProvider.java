package dev.agentport.store.dynamodb;

import dev.agentport.store.StateStoreProvider;
import dev.agentport.store.StateStoreSettings;
import dev.agentport.store.StateStores;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

/**
 * {@code AGENT_STATE_STORE=dynamodb://<table>[?endpoint=...]}: the region comes from {@code AWS_REGION} (or the SDK's
 * other region sources), credentials from the SDK's default chain (the function's role on Lambda).
 */
public final class DynamoDbStoreProvider implements StateStoreProvider {

    @Override
    public Set<String> schemes() {
        return Set.of(DynamoDbLocation.SCHEME);
    }

    @Override
    public StateStores open(StateStoreSettings settings) {
        DynamoDbLocation location = DynamoDbLocation.parse(settings.location());
        DynamoDbClientBuilder builder = configure(DynamoDbClient.builder()).region(region());
        location.endpoint().ifPresent(builder::endpointOverride);
        return DynamoDbStateStores.open(builder.build(), location.table(), settings.ttl(), Clock.systemUTC());
    }

    /**
     * The client's HTTP and time limits: a call DynamoDB does not answer fails instead of holding a request, after the
     * SDK's standard three attempts (its DynamoDB default of eight holds a failing request for seconds).
     */
    static DynamoDbClientBuilder configure(DynamoDbClientBuilder builder) {
        return builder
                .httpClient(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(Duration.ofSeconds(10))
                        .build())
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .apiCallTimeout(Duration.ofSeconds(15))
                        .retryStrategy(RetryMode.STANDARD)
                        .build());
    }

    private static Region region() {
        try {
            return new DefaultAwsRegionProviderChain().getRegion();
        } catch (SdkClientException e) {
            throw new IllegalArgumentException(StateStoreSettings.VARIABLE + " names a DynamoDB table, but no region "
                    + "is set: set AWS_REGION");
        }
    }
}
