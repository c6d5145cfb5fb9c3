package dev.spendline.gateway.ingest;

import java.util.Arrays;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;

/**
 * Collects a request body up to {@code maxBytes}; beyond that it keeps reading but discards, up to
 * {@code drainBytes}, and then gives up.
 *
 * <p>Why read what will be refused: a sender that is still writing its body does not read the
 * answer until it has finished, and a server that answers 413 and closes mid-upload resets the
 * connection, so the sender sees a connection error instead of the 413 (seen with the JDK client
 * about once in ten oversized requests). Reading the rest first makes the 413 arrive and keeps the
 * connection usable. Only a body over {@code drainBytes} is cut off. No library collector does
 * "keep up to N, discard up to M", so this is written here.
 */
final class BodyCollector {

    /** Thrown when a body is larger than what will be drained. */
    static final class TooLargeToDrain extends RuntimeException {
        TooLargeToDrain() {
            super("request body larger than the drain limit", null, false, false);
        }
    }

    private final long maxBytes;
    private final long drainBytes;
    private byte[] bytes;
    private int size;
    private long total;

    BodyCollector(long maxBytes, long drainBytes, long announcedLength) {
        this.maxBytes = maxBytes;
        this.drainBytes = drainBytes;
        this.bytes = new byte[(int) Math.min(Math.max(announcedLength, 256), maxBytes)];
    }

    /** Takes one chunk of the body and releases it. */
    BodyCollector add(DataBuffer buffer) {
        try {
            int n = buffer.readableByteCount();
            total += n;
            if (total > drainBytes) {
                throw new TooLargeToDrain();
            }
            if (total <= maxBytes) {
                if (size + n > bytes.length) {
                    bytes = Arrays.copyOf(bytes, (int) Math.min(maxBytes, Math.max(bytes.length * 2L, size + n)));
                }
                buffer.read(bytes, size, n);
                size += n;
            }
            return this;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }

    boolean tooLarge() {
        return total > maxBytes;
    }

    byte[] bytes() {
        return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }
}
