package dev.spendline.streams.testing;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/** Reads as an interactive query does: from a thread that is not the stream thread. */
public final class OtherThread {

    private OtherThread() {}

    /** What {@code read} returns on a new thread, waited for; an exception there is rethrown here. */
    public static <T> T read(Supplier<T> read) {
        AtomicReference<T> seen = new AtomicReference<>();
        AtomicReference<RuntimeException> failed = new AtomicReference<>();
        Thread query = new Thread(() -> {
            try {
                seen.set(read.get());
            } catch (RuntimeException e) {
                failed.set(e);
            }
        });
        query.start();
        try {
            query.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (failed.get() != null) {
            throw failed.get();
        }
        return seen.get();
    }
}
