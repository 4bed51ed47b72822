package dev.agentport.base;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An immutable list that grows at its end without copying: {@link #append} gives a new list that shares its slots with
 * this one, in amortized constant time, and may drop the oldest elements to stay within a bound. A conversation's
 * history is such a list: every turn appends one, and the history stays at its cap, so copying it whole on every turn
 * would cost as much as the cap.
 *
 * <p>The lists made from one another share one array. A slot is written once, by the one append that claims it (the
 * first slot past a list's end, if it is still empty: a compare-and-set), before the new list exists, and is never
 * written again; a list reads only the slots before its end. So every list keeps its elements, whatever is appended to
 * it or to its relatives afterwards, and may be handed between threads like any immutable object. An append that
 * cannot claim its slot (another list of the array claimed it, or the array is full) copies the newest elements into
 * a new array with room for about as many again.
 *
 * @param <E> the elements; not null
 */
public final class TailList<E> extends AbstractList<E> implements RandomAccess {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    private static final TailList<?> EMPTY = new TailList<>(new Object[0], 0, 0);

    /** Shared with the lists made from this one or that this one was made from; null past the last claimed slot. */
    private final Object[] slots;
    private final int from;
    private final int to;

    private TailList(Object[] slots, int from, int to) {
        this.slots = slots;
        this.from = from;
        this.to = to;
    }

    @SuppressWarnings("unchecked")
    public static <E> TailList<E> empty() {
        return (TailList<E>) EMPTY;
    }

    /** This list with {@code element} at its end, less its oldest elements beyond the newest {@code max}. */
    public TailList<E> append(E element, int max) {
        Objects.requireNonNull(element, "element");
        if (max <= 0) {
            return empty();
        }
        int size = Math.min(size() + 1, max);
        if (to < slots.length && SLOT.compareAndSet(slots, to, null, element)) {
            return new TailList<>(slots, to + 1 - size, to + 1);
        }
        // room for about as many appends again before the next copy: a copy every `size` appends at most; a
        // one-element list (most conversations have one turn) takes no more room than it needs
        Object[] fresh = new Object[2 * size - 1];
        System.arraycopy(slots, to + 1 - size, fresh, 0, size - 1);
        fresh[size - 1] = element;
        return new TailList<>(fresh, 0, size);
    }

    /** This list without its {@code count} oldest elements (a view of the same slots). */
    public TailList<E> dropFirst(int count) {
        if (count < 0 || count > size()) {
            throw new IndexOutOfBoundsException("drop " + count + " of " + size());
        }
        return count == 0 ? this : new TailList<>(slots, from + count, to);
    }

    /**
     * A list of the elements of {@code elements}, which the caller hands over: it is not copied, so the caller must
     * not write it afterwards.
     */
    public static <E> TailList<E> handOver(E[] elements) {
        for (E element : elements) {
            Objects.requireNonNull(element, "element");
        }
        return elements.length == 0 ? empty() : new TailList<>(elements, 0, elements.length);
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        Objects.checkIndex(index, to - from);
        return (E) slots[from + index];
    }

    @Override
    public int size() {
        return to - from;
    }
}
