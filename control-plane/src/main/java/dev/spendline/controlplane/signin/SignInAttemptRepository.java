package dev.spendline.controlplane.signin;

import dev.spendline.controlplane.support.RandomSecrets;
import dev.spendline.controlplane.support.Timestamps;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * Counted attempts (V8) per subject, a string such as {@code email:ana@example.com} or
 * {@code address:10.0.0.1} chosen by the caller. Only the SHA-256 of a subject is stored. Every
 * instance of a deployment reads and writes the same rows, so a limit holds across instances.
 *
 * <p>Each method is one statement on an index: the limiter must not itself become a way to load the
 * database.
 */
public class SignInAttemptRepository {

    private final JdbcClient jdbc;
    private final Clock clock;

    public SignInAttemptRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Counts an attempt of {@code subject} now; the id lets the caller take back this one attempt. */
    public long record(String subject) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("insert into sign_in_attempts (subject_hash, attempted_at) values (:hash, :at)")
                .param("hash", RandomSecrets.hash(subject))
                .param("at", Timestamps.toDb(Timestamps.now(clock)))
                .update(key, "id");
        return Objects.requireNonNull(key.getKey(), "generated id").longValue();
    }

    /**
     * How long {@code subject} stays at or over {@code limit} attempts within {@code window}: until its
     * {@code limit}-th newest attempt leaves the window (with exactly {@code limit}, the oldest). Zero when
     * it has fewer than {@code limit} now. Reads at most {@code limit} rows.
     */
    public Duration lockedFor(String subject, int limit, Duration window) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1");
        }
        Instant now = Timestamps.now(clock);
        // The limit is an int from our code, not input: written into the statement because a bound
        // parameter in FETCH FIRST is not accepted the same way by H2 and PostgreSQL.
        List<Instant> newest = jdbc.sql("select attempted_at from sign_in_attempts"
                        + " where subject_hash = :hash and attempted_at > :since"
                        + " order by attempted_at desc fetch first " + limit + " rows only")
                .param("hash", RandomSecrets.hash(subject))
                .param("since", Timestamps.toDb(now.minus(window)))
                .query((rs, n) -> Timestamps.fromDb(rs, "attempted_at"))
                .list();
        if (newest.size() < limit) {
            return Duration.ZERO;
        }
        Duration left = Duration.between(now, newest.get(limit - 1).plus(window));
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** Forgets every attempt of {@code subject} (a successful sign-in clears its account's failures). */
    public int forget(String subject) {
        return jdbc.sql("delete from sign_in_attempts where subject_hash = :hash")
                .param("hash", RandomSecrets.hash(subject))
                .update();
    }

    /** Takes back one attempt recorded by {@link #record}. */
    public void forget(long id) {
        jdbc.sql("delete from sign_in_attempts where id = :id").param("id", id).update();
    }

    /** Deletes the attempts older than {@code window}: they no longer count. */
    public int prune(Duration window) {
        return jdbc.sql("delete from sign_in_attempts where attempted_at <= :before")
                .param("before", Timestamps.toDb(Timestamps.now(clock).minus(window)))
                .update();
    }
}
