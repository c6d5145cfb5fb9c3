package dev.spendline.standalone;

import java.security.SecureRandom;
import java.util.SplittableRandom;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * Runs a fuzz test's tries, each with its own {@link SplittableRandom} derived from the run's seed,
 * the test's name and the try's number: try n of a test draws the same request whatever ran before,
 * so a failure is repeated with {@code -Dspendline.fuzz.seed=<seed>}. The first failure ends the test
 * with the seed, the try and the request in its message.
 */
final class FuzzTries {

    static final String SEED_PROPERTY = "spendline.fuzz.seed";

    private final long seed;

    private FuzzTries(long seed) {
        this.seed = seed;
    }

    /** The seed of {@code -Dspendline.fuzz.seed}, or a random one. */
    static FuzzTries fromSystemProperty() {
        String given = System.getProperty(SEED_PROPERTY, "").strip();
        return new FuzzTries(given.isEmpty() ? new SecureRandom().nextLong() : Long.parseLong(given));
    }

    long seed() {
        return seed;
    }

    /** Draws {@code tries} requests from {@code requests} and hands each to {@code sendAndCheck}. */
    void run(String test, int tries, Gen<FuzzRequest> requests, ThrowingConsumer<FuzzRequest> sendAndCheck) {
        for (int n = 1; n <= tries; n++) {
            SplittableRandom random = new SplittableRandom(mix(mix(seed ^ test.hashCode()) + n));
            FuzzRequest request = null;
            try {
                request = requests.next(random);
                sendAndCheck.accept(request);
            } catch (Throwable failure) {
                throw new AssertionError(
                        String.format(
                                "%s failed at try %d of %d with seed %d (repeat: -D%s=%d)%n  request: %s%n  %s",
                                test,
                                n,
                                tries,
                                seed,
                                SEED_PROPERTY,
                                seed,
                                request == null ? "(not drawn: the generator failed)" : request.describe(),
                                failure),
                        failure);
            }
        }
    }

    /** SplitMix64's finalizer: nearby inputs (try n and n + 1) give unrelated seeds. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
