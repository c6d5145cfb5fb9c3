package dev.spendline.query.signin;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Failed sign-ins per e-mail address and per client address within a window: past the limit, a
 * sign-in is refused before its password is checked, so guessing is slow whether the attacker tries
 * many passwords for one account or one password for many accounts. Also counts sign-ups per client
 * address. In memory, per instance: with N instances an attacker gets at most N times the limit,
 * which is still a few dozen guesses per window.
 */
public final class SignInAttempts {

    static final int FAILURES_PER_EMAIL = 5;
    static final int FAILURES_PER_ADDRESS = 20;

    private final Duration window;
    private final int signUpsPerAddress;
    private final Cache<String, AtomicInteger> counts;

    /**
     * @param signUpsPerAddress sign-ups allowed per client address and window: a company behind one
     *     address onboarding its team needs a few dozen; a script creating accounts is stopped
     */
    public SignInAttempts(Duration window, int signUpsPerAddress, Ticker ticker) {
        this.window = window;
        this.signUpsPerAddress = signUpsPerAddress;
        this.counts = Caffeine.newBuilder()
                .expireAfterWrite(window)
                .maximumSize(100_000)
                .ticker(ticker)
                .build();
    }

    public Duration window() {
        return window;
    }

    /** Whether a sign-in for {@code email} from {@code address} may be tried now. */
    public boolean signInAllowed(String email, String address) {
        return count("email:" + normalize(email)) < FAILURES_PER_EMAIL
                && count("addr:" + address) < FAILURES_PER_ADDRESS;
    }

    public void failed(String email, String address) {
        increment("email:" + normalize(email));
        increment("addr:" + address);
    }

    /** A successful sign-in forgets the account's failures (not the address's). */
    public void succeeded(String email) {
        counts.invalidate("email:" + normalize(email));
    }

    /** Counts a sign-up attempt; false once the address has made too many in the window. */
    public boolean signUpAllowed(String address) {
        return increment("signup:" + address) <= signUpsPerAddress;
    }

    private int count(String key) {
        AtomicInteger count = counts.getIfPresent(key);
        return count == null ? 0 : count.get();
    }

    private int increment(String key) {
        return counts.get(key, k -> new AtomicInteger()).incrementAndGet();
    }

    private static String normalize(String email) {
        return email == null ? "" : email.trim().toLowerCase(java.util.Locale.ROOT);
    }
}
