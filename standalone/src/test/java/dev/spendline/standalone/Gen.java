package dev.spendline.standalone;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A seeded generator of test inputs: {@code next(random)} draws one value, so the same random (same
 * seed) gives the same value, and a failing try can be repeated from its seed ({@link FuzzTries}).
 *
 * <p>Hand-written on purpose, and kept small. The fuzz tests send requests over HTTP and assert that
 * no answer is a 5xx or leaks internals; they need variety and reproducibility, not shrinking, since
 * the failing request is printed whole (truncated) and a smaller one would not be more useful. The
 * well-known property-based testing library for Java asks, since its 1.10.0, not to be used by AI
 * coding agents, and this project is developed with them; QuickTheories has not been maintained
 * since 2019. What is left is a few lines over {@link SplittableRandom}.
 *
 * @param <T> the type of the values drawn
 */
@FunctionalInterface
interface Gen<T> {

    /** Draws one value. */
    T next(SplittableRandom random);

    default <R> Gen<R> map(Function<? super T, ? extends R> mapper) {
        return random -> mapper.apply(next(random));
    }

    /** Draws until {@code accepted} holds (at most 1,000 draws, then fails: the filter is too strict). */
    default Gen<T> filter(Predicate<? super T> accepted) {
        return random -> {
            for (int i = 0; i < 1_000; i++) {
                T value = next(random);
                if (accepted.test(value)) {
                    return value;
                }
            }
            throw new IllegalStateException("no value accepted by the filter in 1,000 draws");
        };
    }

    /** A list of {@code min} to {@code max} values (both inclusive). */
    default Gen<List<T>> list(int min, int max) {
        return lists(this, min, max);
    }

    static <T> Gen<T> just(T value) {
        return random -> value;
    }

    /** One of {@code values}, each as likely. */
    @SafeVarargs
    static <T> Gen<T> of(T... values) {
        return of(List.of(values));
    }

    static <T> Gen<T> of(List<T> values) {
        List<T> copy = List.copyOf(values);
        return random -> copy.get(random.nextInt(copy.size()));
    }

    /** Draws from one of {@code gens}, each as likely. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... gens) {
        List<Gen<? extends T>> copy = List.of(gens);
        return random -> copy.get(random.nextInt(copy.size())).next(random);
    }

    /** A generator with its weight, for {@link #frequency}. */
    record Weighted<T>(int weight, Gen<? extends T> gen) {
        public Weighted {
            if (weight <= 0) {
                throw new IllegalArgumentException("weight must be positive: " + weight);
            }
        }
    }

    static <T> Weighted<T> weighted(int weight, Gen<? extends T> gen) {
        return new Weighted<>(weight, gen);
    }

    /** Draws from one of {@code choices}, each in proportion to its weight. */
    @SafeVarargs
    static <T> Gen<T> frequency(Weighted<T>... choices) {
        List<Weighted<T>> copy = List.of(choices);
        int total = copy.stream().mapToInt(Weighted::weight).sum();
        return random -> {
            int pick = random.nextInt(total);
            for (Weighted<T> choice : copy) {
                pick -= choice.weight();
                if (pick < 0) {
                    return choice.gen().next(random);
                }
            }
            throw new AssertionError("unreachable: the weights sum to " + total);
        };
    }

    /** An int from {@code min} to {@code max}, both inclusive, uniformly. */
    static Gen<Integer> ints(int min, int max) {
        return random -> (int) random.nextLong(min, (long) max + 1);
    }

    static Gen<Boolean> booleans() {
        return SplittableRandom::nextBoolean;
    }

    /** Any long: a third over the whole range, a third small, a third the edges where code breaks. */
    static Gen<Long> longs() {
        return Gen.<Long>oneOf(
                SplittableRandom::nextLong,
                random -> random.nextLong(-1_000, 1_001),
                of(
                        Long.MIN_VALUE,
                        Long.MAX_VALUE,
                        Long.MIN_VALUE + 1,
                        Long.MAX_VALUE - 1,
                        (long) Integer.MIN_VALUE,
                        (long) Integer.MAX_VALUE,
                        Integer.MAX_VALUE + 1L,
                        0L,
                        1L,
                        -1L));
    }

    /** A decimal with {@code scale} digits after the point and up to 128 bits of unscaled value, either sign. */
    static Gen<BigDecimal> decimals(int scale) {
        return random -> {
            BigInteger unscaled = new BigInteger(random.nextInt(1, 129), new Random(random.nextLong()));
            return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
        };
    }

    /** A char from {@code from} to {@code to}, both inclusive, uniformly. */
    static Gen<Character> chars(char from, char to) {
        return random -> (char) random.nextInt(from, to + 1);
    }

    /** A char of {@code alphabet}, each as likely. */
    static Gen<Character> chars(String alphabet) {
        return random -> alphabet.charAt(random.nextInt(alphabet.length()));
    }

    /** A string of {@code min} to {@code max} chars (both inclusive) drawn from {@code alphabet}. */
    static Gen<String> strings(Gen<Character> alphabet, int min, int max) {
        return random -> {
            int length = random.nextInt(min, max + 1);
            StringBuilder text = new StringBuilder(length);
            for (int i = 0; i < length; i++) {
                text.append(alphabet.next(random).charValue());
            }
            return text.toString();
        };
    }

    /** Up to {@code max} random bytes. */
    static Gen<byte[]> bytes(int max) {
        return random -> {
            byte[] bytes = new byte[random.nextInt(max + 1)];
            random.nextBytes(bytes);
            return bytes;
        };
    }

    /** A list of {@code min} to {@code max} values (both inclusive) drawn from {@code element}. */
    static <T> Gen<List<T>> lists(Gen<? extends T> element, int min, int max) {
        return random -> {
            int size = random.nextInt(min, max + 1);
            List<T> list = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                list.add(element.next(random));
            }
            return list;
        };
    }

    /**
     * A recursive structure at most {@code depth} levels deep: {@code base} at the bottom, and at each
     * level above it {@code extend} applied to the generator of the level below.
     */
    static <T> Gen<T> recursive(int depth, Gen<T> base, Function<Gen<T>, Gen<T>> extend) {
        Gen<T> gen = base;
        for (int level = 0; level < depth; level++) {
            gen = extend.apply(gen);
        }
        return gen;
    }
}
