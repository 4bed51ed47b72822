package dev.agentport.face;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * What faces share: made once, also when making one asks for another (the task runner asks for the task leases), for
 * any two types, whether or not their keys fall into the same bin of the map.
 */
class FaceContextSharedTest {

    private static final Map<Class<?>, Supplier<Object>> SAMPLES = new LinkedHashMap<>();

    static {
        SAMPLES.put(StringBuilder.class, StringBuilder::new);
        SAMPLES.put(ArrayList.class, ArrayList::new);
        SAMPLES.put(HashMap.class, HashMap::new);
        SAMPLES.put(HashSet.class, HashSet::new);
        SAMPLES.put(BitSet.class, BitSet::new);
        SAMPLES.put(AtomicInteger.class, AtomicInteger::new);
        SAMPLES.put(AtomicLong.class, AtomicLong::new);
        SAMPLES.put(Object.class, Object::new);
        SAMPLES.put(java.util.LinkedList.class, java.util.LinkedList::new);
        SAMPLES.put(java.util.TreeMap.class, java.util.TreeMap::new);
        SAMPLES.put(java.util.TreeSet.class, java.util.TreeSet::new);
        SAMPLES.put(java.util.ArrayDeque.class, java.util.ArrayDeque::new);
        SAMPLES.put(java.util.Vector.class, java.util.Vector::new);
        SAMPLES.put(java.util.Stack.class, java.util.Stack::new);
        SAMPLES.put(java.util.Hashtable.class, java.util.Hashtable::new);
        SAMPLES.put(java.util.IdentityHashMap.class, java.util.IdentityHashMap::new);
        SAMPLES.put(java.util.WeakHashMap.class, java.util.WeakHashMap::new);
        SAMPLES.put(java.util.PriorityQueue.class, java.util.PriorityQueue::new);
        SAMPLES.put(java.util.concurrent.atomic.AtomicBoolean.class, java.util.concurrent.atomic.AtomicBoolean::new);
        SAMPLES.put(java.util.concurrent.CopyOnWriteArrayList.class, java.util.concurrent.CopyOnWriteArrayList::new);
    }

    private static FaceContext context(Map<Class<?>, Object> shared) {
        return FaceContext.builder("test").shared(shared).build();
    }

    @SuppressWarnings("unchecked")
    private static Object shared(FaceContext context, Class<?> type, Supplier<Object> create) {
        return context.shared((Class<Object>) type, create);
    }

    @Test
    void makingOneSharedThingMayAskForAnotherWhateverTheirKeys() {
        int pairs = 0;
        for (Class<?> outer : SAMPLES.keySet()) {
            for (Class<?> inner : SAMPLES.keySet()) {
                if (outer == inner) {
                    continue;
                }
                Map<Class<?>, Object> map = new ConcurrentHashMap<>();
                FaceContext context = context(map);
                Object made = shared(context, outer, () -> {
                    shared(context, inner, SAMPLES.get(inner));
                    return SAMPLES.get(outer).get();
                });
                assertSame(made, shared(context, outer, () -> {
                    throw new AssertionError("made twice");
                }));
                assertEquals(2, map.size());
                pairs++;
            }
        }
        assertEquals(380, pairs);
    }
}
