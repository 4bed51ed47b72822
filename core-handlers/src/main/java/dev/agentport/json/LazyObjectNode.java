package dev.agentport.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * An object node whose members are made only when something reads or changes the tree; until then
 * {@link Json#writeNode} writes it straight from the value it stands for, with the bytes the tree would give. For facts
 * made on every run and mostly only written, never read as a tree (the agent's {@code contextUsage}): the nodes and maps
 * of a tree are not made for them. To every reader it is an ordinary {@link ObjectNode}.
 */
public final class LazyObjectNode extends ObjectNode {

    /** What a lazy node stands for. */
    public interface Source {

        /** How many members the tree has. */
        int size();

        /** The tree, made when it is first read. */
        ObjectNode tree();

        /** The object as {@link Json#writeNode} writes {@link #tree()}. */
        void write(JsonGenerator out) throws IOException;
    }

    public LazyObjectNode(Source source) {
        super(JsonNodeFactory.instance, new Members(source));
    }

    /** Writes the node from its source when its tree was never made; {@code false}, with nothing written, if it was. */
    boolean writeUnmade(JsonGenerator out) throws IOException {
        return ((Members) _children).writeUnmade(out);
    }

    /** The node's members: the source's tree's, copied on first use; everything a map does goes to them. */
    private static final class Members extends AbstractMap<String, JsonNode> {

        private static final VarHandle MADE;

        static {
            try {
                MADE = MethodHandles.lookup().findVarHandle(Members.class, "made", LinkedHashMap.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Source source;
        /** {@code null} until first used; made once, also when two threads read the node at once. */
        private volatile LinkedHashMap<String, JsonNode> made;

        Members(Source source) {
            this.source = source;
        }

        boolean writeUnmade(JsonGenerator out) throws IOException {
            if (made != null) {
                return false;
            }
            source.write(out);
            return true;
        }

        private LinkedHashMap<String, JsonNode> made() {
            LinkedHashMap<String, JsonNode> members = made;
            if (members == null) {
                members = new LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> member : source.tree().properties()) {
                    members.put(member.getKey(), member.getValue());
                }
                if (!MADE.compareAndSet(this, null, members)) {
                    members = made;
                }
            }
            return members;
        }

        @Override
        public int size() {
            LinkedHashMap<String, JsonNode> members = made;
            return members == null ? source.size() : members.size();
        }

        @Override
        public boolean isEmpty() {
            return size() == 0;
        }

        @Override
        public Set<Map.Entry<String, JsonNode>> entrySet() {
            return made().entrySet();
        }

        @Override
        public Set<String> keySet() {
            return made().keySet();
        }

        @Override
        public Collection<JsonNode> values() {
            return made().values();
        }

        @Override
        public JsonNode get(Object key) {
            return made().get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            return made().containsKey(key);
        }

        @Override
        public boolean containsValue(Object value) {
            return made().containsValue(value);
        }

        @Override
        public JsonNode put(String key, JsonNode value) {
            return made().put(key, value);
        }

        @Override
        public JsonNode remove(Object key) {
            return made().remove(key);
        }

        @Override
        public void putAll(Map<? extends String, ? extends JsonNode> members) {
            made().putAll(members);
        }

        @Override
        public void clear() {
            made().clear();
        }

        @Override
        public boolean equals(Object other) {
            return made().equals(other);
        }

        @Override
        public int hashCode() {
            return made().hashCode();
        }

        @Override
        public String toString() {
            return made().toString();
        }
    }
}
