package dev.agentport.store.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** Conditional transactions: true when written, false when a condition failed. */
final class Transactions {

    private static final int ATTEMPTS = 8;

    private Transactions() {
    }

    /**
     * Writes the items at once. A conflict with another transaction on the same items is retried after a short random
     * pause (the other one may have failed); after {@value #ATTEMPTS} conflicts the write is reported as lost, which
     * callers treat like a failed condition: they read again.
     */
    static boolean write(Table table, List<TransactWriteItem> items) {
        for (int attempt = 1; ; attempt++) {
            try {
                table.call("TransactWriteItems", client -> client.transactWriteItems(builder -> builder
                        .transactItems(items)));
                return true;
            } catch (TransactionCanceledException e) {
                List<String> reasons = reasons(e);
                if (reasons.contains("ConditionalCheckFailed")) {
                    return false;
                }
                if (!reasons.contains("TransactionConflict")) {
                    throw table.unavailable("TransactWriteItems", e);
                }
                if (attempt == ATTEMPTS) {
                    return false;
                }
                pause(attempt);
            }
        }
    }

    private static List<String> reasons(TransactionCanceledException e) {
        return e.hasCancellationReasons()
                ? e.cancellationReasons().stream().map(CancellationReason::code).toList()
                : List.of();
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(5, 20L * attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a conditional write", e);
        }
    }
}
