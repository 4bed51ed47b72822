package dev.agentport.store.dynamodb;

import dev.agentport.store.StoreUnavailableException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.util.function.Function;

/**
 * The one table every store writes to, with its time to live. Every call goes through {@link #call}: a failure of the
 * SDK or the service becomes {@link StoreUnavailableException} naming the table and the error code, never a
 * credential, a key or stored data. A failed condition is the stores' to read, and passes through.
 */
record Table(DynamoDbClient client, String name, Expiry expiry) {

    <T> T call(String operation, Function<DynamoDbClient, T> call) {
        try {
            return call.apply(client);
        } catch (ConditionalCheckFailedException | TransactionCanceledException e) {
            throw e;
        } catch (SdkException e) {
            throw unavailable(operation, e);
        }
    }

    StoreUnavailableException unavailable(String operation, SdkException e) {
        return new StoreUnavailableException("DynamoDB table " + name + ": " + operation + " failed ("
                + reason(e) + ")", e);
    }

    private static String reason(SdkException e) {
        if (e instanceof AwsServiceException service && service.awsErrorDetails() != null) {
            return service.awsErrorDetails().errorCode() + ", HTTP " + service.statusCode();
        }
        Throwable cause = e.getCause();
        return cause == null ? e.getClass().getSimpleName() : cause.getClass().getSimpleName();
    }
}
