package dev.spendline.query.signin;

import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.signin.SignInAttemptRepository;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Failed sign-ins per account (normalised e-mail) and per client address within a window: at the
 * limit, a sign-in is refused before its password is checked, so guessing is slow whether the
 * attacker tries many passwords for one account or one password for many accounts. Also counts
 * sign-ups per client address. The counts live in the control-plane database
 * ({@link SignInAttemptRepository}), so every instance of a deployment shares them.
 *
 * <p>An attempt is counted as a failure <em>before</em> its password is checked and taken back when
 * it succeeds: counting only after the check would let requests sent in parallel all pass the limit
 * while their passwords are being hashed.
 */
public final class SignInAttempts {

    static final int FAILURES_PER_EMAIL = 5;
    static final int FAILURES_PER_ADDRESS = 20;
    static final Duration WINDOW = Duration.ofMinutes(15);

    /** Rows past the window are deleted at most this often per instance, by the attempt that comes next. */
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);

    /** What one sign-in attempt counted, so that a success can take it back. */
    public record Counted(String email, long addressAttempt) {}

    private final SignInAttemptRepository repository;
    private final Duration window;
    private final int signUpsPerAddress;
    private final Clock clock;
    private final AtomicReference<Instant> nextPrune = new AtomicReference<>(Instant.MIN);

    /**
     * @param signUpsPerAddress sign-ups allowed per client address and window: a company behind one
     *     address onboarding its team needs a few dozen; a script creating accounts is stopped
     */
    public SignInAttempts(SignInAttemptRepository repository, Duration window, int signUpsPerAddress, Clock clock) {
        this.repository = repository;
        this.window = window;
        this.signUpsPerAddress = signUpsPerAddress;
        this.clock = clock;
    }

    /**
     * How long a sign-in for {@code email} from {@code address} must wait: zero when it may be tried
     * now, else until the account and the address are both below their limits again.
     */
    public Duration signInLockedFor(String email, String address) {
        Duration account = repository.lockedFor(account(email), FAILURES_PER_EMAIL, window);
        Duration network = repository.lockedFor(address(address), FAILURES_PER_ADDRESS, window);
        return account.compareTo(network) >= 0 ? account : network;
    }

    /** Counts an attempt as failed before its password is checked; {@link #succeeded} takes it back. */
    public Counted counted(String email, String address) {
        pruneNowAndThen();
        repository.record(account(email));
        return new Counted(email, repository.record(address(address)));
    }

    /** A successful sign-in forgets the account's failures, and this attempt of the address (not its others). */
    public void succeeded(Counted attempt) {
        repository.forget(account(attempt.email()));
        repository.forget(attempt.addressAttempt());
    }

    /**
     * Counts a sign-up attempt from {@code address}: zero when it may go ahead (and it is counted),
     * else how long the address must wait.
     */
    public Duration signUpLockedFor(String address) {
        String subject = "signup:" + address;
        Duration wait = repository.lockedFor(subject, signUpsPerAddress, window);
        if (wait.isZero()) {
            pruneNowAndThen();
            repository.record(subject);
        }
        return wait;
    }

    private void pruneNowAndThen() {
        Instant now = clock.instant();
        Instant due = nextPrune.get();
        if (now.isAfter(due) && nextPrune.compareAndSet(due, now.plus(PRUNE_EVERY))) {
            repository.prune(window);
        }
    }

    /** Whole seconds to wait, rounded up, at least 1: the value of {@code Retry-After}. */
    static long retryAfterSeconds(Duration wait) {
        long seconds = wait.getSeconds() + (wait.getNano() > 0 ? 1 : 0);
        return Math.max(1, seconds);
    }

    private static String account(String email) {
        String normalized = UserRepository.normalizeEmail(email);
        return "email:" + (normalized == null ? "" : normalized);
    }

    private static String address(String address) {
        return "address:" + network(address);
    }

    /**
     * The client a limit applies to: an IPv4 address, or the /64 network of an IPv6 address (one
     * subscriber is routinely given a whole /64, so counting single IPv6 addresses would let one
     * client rotate through billions of them).
     */
    static String network(String address) {
        if (address == null || address.indexOf(':') < 0) {
            return String.valueOf(address);
        }
        try {
            // A literal address: InetAddress parses it without any name lookup.
            byte[] bytes = InetAddress.getByName(address.startsWith("[") ? address : "[" + address + "]")
                    .getAddress();
            if (bytes.length != 16) {
                return address;
            }
            StringBuilder network = new StringBuilder();
            for (int i = 0; i < 8; i += 2) {
                network.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)))
                        .append(':');
            }
            return network.append(":/64").toString();
        } catch (UnknownHostException e) {
            return address;
        }
    }
}
