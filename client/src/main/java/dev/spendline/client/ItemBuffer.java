package dev.spendline.client;

import dev.spendline.client.JsonBodies.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded buffer between callers and the sender thread (the role of Kafka's RecordAccumulator):
 * one FIFO per kind under one short lock, a capacity shared by both, the oldest item dropped when
 * full. Every item gets a sequence number, so {@code flush} can wait for exactly the items sent
 * before it: they are settled when no queue head and no in-flight batch is older.
 */
final class ItemBuffer {

    /** An item waiting, with its sequence number and when it arrived (for linger). */
    record Entry(Item item, long seq, long arrivedNanos) {}

    /** What the sender takes: drops to report, and a batch of one kind (possibly empty). */
    record Work(List<Item> dropped, Kind kind, List<Entry> batch) {}

    private static final long NONE = Long.MAX_VALUE;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition work = lock.newCondition();
    private final Condition settled = lock.newCondition();
    private final ArrayDeque<Entry> events = new ArrayDeque<>();
    private final ArrayDeque<Entry> rows = new ArrayDeque<>();
    private final ArrayDeque<Item> dropNotices = new ArrayDeque<>();
    private final int capacity;
    private final int batchSize;
    private final long lingerNanos;

    private long nextSeq;
    private long inFlightFrom = NONE;
    private int inFlight;
    private long flushBefore;
    private boolean accepting = true;
    private boolean closing;

    ItemBuffer(int capacity, int batchSize, long lingerNanos) {
        this.capacity = capacity;
        this.batchSize = batchSize;
        this.lingerNanos = lingerNanos;
    }

    /** Outcome of {@link #add}. */
    enum Added {
        ADDED,
        ADDED_DROPPING_OLDEST,
        CLOSED
    }

    Added add(Item item) {
        long now = System.nanoTime();
        lock.lock();
        try {
            if (!accepting) {
                return Added.CLOSED;
            }
            Added result = Added.ADDED;
            int size = events.size() + rows.size();
            if (size >= capacity) {
                Entry oldest = oldestQueue().pollFirst();
                if (dropNotices.size() < capacity) {
                    dropNotices.add(oldest.item);
                }
                result = Added.ADDED_DROPPING_OLDEST;
                size--;
            }
            ArrayDeque<Entry> queue = queue(Kind.of(item));
            queue.addLast(new Entry(item, nextSeq++, now));
            // Wake the sender only when it has something new to decide: a first item (start its
            // linger), a full batch, or a drop to report.
            if (size == 0 || queue.size() == batchSize || result != Added.ADDED) {
                work.signal();
            }
            return result;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Blocks until there is work: a batch that is full, lingered long enough, or asked for by a flush
     * or close; or drops to report. Returns null when closing and nothing is left.
     */
    Work take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            for (; ; ) {
                List<Item> dropped = drainDropNotices();
                ArrayDeque<Entry> queue = oldestQueue();
                if (queue == null) {
                    if (!dropped.isEmpty()) {
                        return new Work(dropped, Kind.EVENTS, List.of());
                    }
                    if (closing) {
                        return null;
                    }
                    work.await();
                    continue;
                }
                Entry head = queue.peekFirst();
                long waited = System.nanoTime() - head.arrivedNanos;
                if (closing
                        || waited >= lingerNanos
                        || head.seq < flushBefore
                        || events.size() >= batchSize
                        || rows.size() >= batchSize) {
                    int n = Math.min(batchSize, queue.size());
                    List<Entry> batch = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        batch.add(queue.pollFirst());
                    }
                    inFlightFrom = batch.get(0).seq;
                    inFlight = n;
                    return new Work(dropped, Kind.of(head.item), batch);
                }
                if (!dropped.isEmpty()) {
                    return new Work(dropped, Kind.EVENTS, List.of());
                }
                work.awaitNanos(lingerNanos - waited);
            }
        } finally {
            lock.unlock();
        }
    }

    /** The in-flight batch is settled (delivered, rejected or failed): wake flushers. */
    void settled() {
        lock.lock();
        try {
            inFlightFrom = NONE;
            inFlight = 0;
            settled.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Waits until every item added before this call is settled; false when the timeout passed first. */
    boolean flush(long timeoutNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            long before = nextSeq;
            if (before > flushBefore) {
                flushBefore = before;
                work.signal();
            }
            long remaining = timeoutNanos;
            while (!settledBefore(before)) {
                if (remaining <= 0) {
                    return false;
                }
                remaining = settled.awaitNanos(remaining);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Stops accepting items; the sender sends what is left without lingering, then stops. */
    void close() {
        lock.lock();
        try {
            accepting = false;
            closing = true;
            work.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Everything still waiting, removed (for the sender to fail when it must stop). */
    List<Item> drainAll() {
        lock.lock();
        try {
            List<Item> left = new ArrayList<>(events.size() + rows.size());
            ArrayDeque<Entry> queue;
            while ((queue = oldestQueue()) != null) {
                left.add(queue.pollFirst().item);
            }
            settled.signalAll();
            return left;
        } finally {
            lock.unlock();
        }
    }

    /** Items added and not settled: waiting plus in flight. */
    long unsettled() {
        lock.lock();
        try {
            return events.size() + rows.size() + inFlight;
        } finally {
            lock.unlock();
        }
    }

    boolean allSettled() {
        lock.lock();
        try {
            return settledBefore(nextSeq);
        } finally {
            lock.unlock();
        }
    }

    private boolean settledBefore(long seq) {
        ArrayDeque<Entry> queue = oldestQueue();
        return (queue == null || queue.peekFirst().seq >= seq) && inFlightFrom >= seq;
    }

    private List<Item> drainDropNotices() {
        if (dropNotices.isEmpty()) {
            return List.of();
        }
        List<Item> dropped = new ArrayList<>(dropNotices);
        dropNotices.clear();
        return dropped;
    }

    /** The queue whose head is the oldest item, or null when both are empty. */
    private ArrayDeque<Entry> oldestQueue() {
        Entry e = events.peekFirst();
        Entry r = rows.peekFirst();
        if (e == null) {
            return r == null ? null : rows;
        }
        return r == null || e.seq < r.seq ? events : rows;
    }

    private ArrayDeque<Entry> queue(Kind kind) {
        return kind == Kind.EVENTS ? events : rows;
    }
}
