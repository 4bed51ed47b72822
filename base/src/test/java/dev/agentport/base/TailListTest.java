package dev.agentport.base;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TailListTest {

    @Test
    void anAppendKeepsTheNewestMaxElements() {
        TailList<Integer> list = TailList.empty();
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            list = list.append(i, 7);
            expected.add(i);
            List<Integer> newest = expected.subList(Math.max(0, expected.size() - 7), expected.size());
            assertEquals(newest, list, "after " + i);
        }
    }

    @Test
    void aListKeepsItsElementsWhateverIsAppendedToItOrToItsRelatives() {
        TailList<String> base = TailList.<String>empty().append("a", 10).append("b", 10);
        TailList<String> first = base.append("c", 10);
        TailList<String> second = base.append("d", 10); // the slot after base is first's: this one copies
        TailList<String> third = first.dropFirst(1).append("e", 10);

        assertEquals(List.of("a", "b"), base);
        assertEquals(List.of("a", "b", "c"), first);
        assertEquals(List.of("a", "b", "d"), second);
        assertEquals(List.of("b", "c", "e"), third);
    }

    @Test
    void aMaxOfZeroOrLessKeepsNothing() {
        assertEquals(List.of(), TailList.<String>empty().append("a", 0));
    }

    @Test
    void dropFirstDropsTheOldest() {
        TailList<String> list = TailList.handOver(new String[] {"a", "b", "c"});

        assertEquals(List.of("b", "c"), list.dropFirst(1));
        assertEquals(List.of(), list.dropFirst(3));
        assertThrows(IndexOutOfBoundsException.class, () -> list.dropFirst(4));
    }

    @Test
    void itIsNotModifiableAndHoldsNoNull() {
        TailList<String> list = TailList.<String>empty().append("a", 3);

        assertThrows(UnsupportedOperationException.class, () -> list.set(0, "b"));
        assertThrows(UnsupportedOperationException.class, () -> list.add("b"));
        assertThrows(NullPointerException.class, () -> list.append(null, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> list.get(1));
    }

    @Test
    void concurrentAppendsToOneListEachGetTheirOwnElement() throws InterruptedException {
        TailList<Integer> base = TailList.<Integer>empty().append(-1, 100);
        ConcurrentLinkedQueue<TailList<Integer>> made = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int element = t;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                made.add(base.append(element, 100));
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }

        assertEquals(8, made.size());
        for (TailList<Integer> list : made) {
            assertEquals(2, list.size());
            assertEquals(-1, list.get(0));
        }
        assertTrue(made.stream().map(list -> list.get(1)).distinct().count() == 8, made.toString());
    }
}
