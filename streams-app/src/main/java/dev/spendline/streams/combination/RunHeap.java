package dev.spendline.streams.combination;

/**
 * A binary min-heap of run numbers for a k-way merge of sorted runs, ordered by the runs' current
 * heads: the next item costs about log2(k) comparisons, where a scan of every run cost k (a merge of
 * {@value CombinationBlockStore#MERGE_AT} blocks compared each merged value 16 to 32 times).
 *
 * <p>Written by hand because {@link java.util.PriorityQueue} boxes its elements and has no "the
 * top's key changed" step: advancing the top run would be a poll and an offer, two sifts instead of
 * one.
 */
final class RunHeap {

    /** Compares the current heads of two runs. */
    @FunctionalInterface
    interface Order {
        int compare(int runA, int runB);
    }

    private final int[] heap;
    private final Order order;
    private int size;

    RunHeap(int capacity, Order order) {
        this.heap = new int[capacity];
        this.order = order;
    }

    void add(int run) {
        int i = size++;
        heap[i] = run;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(run, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = run;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The run with the smallest head; ties go to the lower run number. */
    int top() {
        return heap[0];
    }

    /** The top run's head moved on: restores the order. */
    void topChanged() {
        siftDown(heap[0]);
    }

    /** The top run is exhausted. */
    void removeTop() {
        int last = heap[--size];
        if (size > 0) {
            siftDown(last);
        }
    }

    private void siftDown(int run) {
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            if (right < size && before(heap[right], heap[child])) {
                child = right;
            }
            if (!before(heap[child], run)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = run;
    }

    /** Heads first, then run numbers, so equal heads come out in run order as the scan had them. */
    private boolean before(int a, int b) {
        int c = order.compare(a, b);
        return c < 0 || (c == 0 && a < b);
    }
}
