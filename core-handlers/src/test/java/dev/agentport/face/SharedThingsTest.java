package dev.agentport.face;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Constructor;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * What faces share is made once per server, also when a shared thing is made of others, as the task runner is made of
 * the task leases: however their keys fall in the map.
 */
class SharedThingsTest {

    private record K0(Object inner) {
    }

    private record K1(Object inner) {
    }

    private record K2(Object inner) {
    }

    private record K3(Object inner) {
    }

    private record K4(Object inner) {
    }

    private record K5(Object inner) {
    }

    private record K6(Object inner) {
    }

    private record K7(Object inner) {
    }

    private record K8(Object inner) {
    }

    private record K9(Object inner) {
    }

    private record K10(Object inner) {
    }

    private record K11(Object inner) {
    }

    private record K12(Object inner) {
    }

    private record K13(Object inner) {
    }

    private record K14(Object inner) {
    }

    private record K15(Object inner) {
    }

    private record K16(Object inner) {
    }

    private record K17(Object inner) {
    }

    private record K18(Object inner) {
    }

    private record K19(Object inner) {
    }

    private static final List<Class<? extends Record>> KINDS = List.of(K0.class, K1.class, K2.class, K3.class, K4.class, K5.class, K6.class, K7.class, K8.class, K9.class, K10.class, K11.class, K12.class, K13.class, K14.class, K15.class, K16.class, K17.class, K18.class, K19.class);

    private final FaceContext context = new FaceContext("test", null, null, null, null, null, null, null, List.of(),
            null, false, new ConcurrentHashMap<>(), Clock.systemUTC());

    @Test
    void a_shared_thing_made_of_others_is_made_once_whatever_their_keys() throws Exception {
        Object outer = nest(0);
        assertSame(outer, context.shared(KINDS.get(0), () -> {
            throw new AssertionError("made twice");
        }));
    }

    /** The thing of kind {@code i}, made of the thing of kind {@code i + 1}, and so on: twenty levels deep. */
    private Object nest(int i) {
        return nest(KINDS.get(i), i);
    }

    private <T extends Record> T nest(Class<T> kind, int i) {
        return context.shared(kind, () -> make(kind, i + 1 < KINDS.size() ? nest(i + 1) : null));
    }

    private static <T> T make(Class<T> kind, Object inner) {
        try {
            Constructor<T> constructor = kind.getDeclaredConstructor(Object.class);
            return constructor.newInstance(inner);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
