package dev.agentport.store.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentport.store.StateJson;
import dev.agentport.store.StoreUnavailableException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/** The attributes every item has, and how a stored document is written and read. */
final class Items {

    static final String PK = "pk";
    static final String SK = "sk";
    static final String EXPIRES_AT = "expiresAt";
    /** The item's state as {@link StateJson} writes it. */
    static final String DOC = "doc";

    /** Condition of a write that creates an item: none of that key, or one past its {@code expiresAt}. */
    static final String ABSENT = "attribute_not_exists(pk) OR expiresAt <= :now";
    /** Condition of a write to an item that must exist and be live. */
    static final String LIVE = "expiresAt > :now";

    /** DynamoDB's item limit is 400 KB, keys and attribute names included; a document is kept well below it. */
    static final int MAX_DOC_BYTES = 380 * 1024;

    private Items() {
    }

    static Map<String, AttributeValue> key(String pk, String sk) {
        Map<String, AttributeValue> key = new HashMap<>();
        key.put(PK, s(pk));
        key.put(SK, s(sk));
        return key;
    }

    /** A new item: its key and {@code expiresAt}. */
    static Map<String, AttributeValue> item(String pk, String sk, long expiresAt) {
        Map<String, AttributeValue> item = key(pk, sk);
        item.put(EXPIRES_AT, n(expiresAt));
        return item;
    }

    static AttributeValue doc(JsonNode node, String what) {
        byte[] json = StateJson.bytes(node);
        if (json.length > MAX_DOC_BYTES) {
            throw new StoreUnavailableException("a " + what + " of " + json.length + " bytes is larger than a DynamoDB "
                    + "item holds (" + MAX_DOC_BYTES + " bytes)");
        }
        return s(new String(json, StandardCharsets.UTF_8));
    }

    static JsonNode readDoc(Map<String, AttributeValue> item, String what) {
        AttributeValue doc = item.get(DOC);
        if (doc == null || doc.s() == null) {
            throw new StoreUnavailableException("a stored " + what + " has no document");
        }
        return StateJson.parse(doc.s().getBytes(StandardCharsets.UTF_8), what);
    }

    static String text(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    static long number(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        return value == null || value.n() == null ? 0 : Long.parseLong(value.n());
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    /** The values a condition names: {@code :now}, and more given as pairs. */
    static Map<String, AttributeValue> values(long now, Object... more) {
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":now", n(now));
        for (int i = 0; i < more.length; i += 2) {
            values.put((String) more[i], (AttributeValue) more[i + 1]);
        }
        return values;
    }
}
