package dev.spendline.internalapi;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A short memory of the instances that could not be reached ({@link PeerUnreachableException}), so
 * that reads stop paying for a dead peer one by one: after one read found it unreachable, the
 * next ones ask the other sources first (another instance, a standby replica) and try it only
 * last, for {@code memory} (5 s by default). A peer is remembered from its last failure; any
 * answer from it (a 503 included: it is alive) forgets it at once. When the memory has run out,
 * exactly one read tries the peer again in its normal place while the others keep it last, so a
 * peer that is still gone costs one read per period, not every read of the period.
 *
 * <p>Written by hand rather than with a circuit breaker library: the need is a map of deadlines,
 * shared by every read of one client, without the half-open permits and failure-rate windows a
 * breaker brings; internal-api stays free of dependencies beyond {@code contracts}.
 *
 * @param <K> how a peer is named (a host and port, a URL, a client)
 */
public final class UnreachablePeers<K> {

    /** How long an unreachable peer is asked last, unless it answers meanwhile. */
    public static final Duration DEFAULT_MEMORY = Duration.ofSeconds(5);
    /**
     * The property every service reads the memory from (a duration, e.g. {@code 5s}; {@code 0s}
     * turns it off: every read asks in the usual order, as before the memory existed).
     */
    public static final String MEMORY_PROPERTY = "spendline.internal.unreachable-peer-memory";
    /** Counter of {@link #deferred()}: reads that asked another source first ({@code _total} in Prometheus). */
    public static final String DEFERRED_METRIC = "spendline.query.peer.down";
    /** Gauge of {@link #size()}: peers remembered as unreachable now. */
    public static final String SIZE_METRIC = "spendline.query.peers.unreachable";

    private static final Logger log = LoggerFactory.getLogger(UnreachablePeers.class);

    private final Duration memory;
    private final Clock clock;
    private final Map<K, Instant> downUntil = new ConcurrentHashMap<>();
    private final LongAdder deferred = new LongAdder();

    /**
     * @param memory how long a peer that could not be reached is asked last
     * @param clock real time (not a business clock a test moves: the memory is about elapsed time)
     */
    public UnreachablePeers(Duration memory, Clock clock) {
        if (memory.isNegative()) {
            throw new IllegalArgumentException("memory must not be negative: " + memory);
        }
        this.memory = memory;
        this.clock = clock;
    }

    /** The default memory ({@link #DEFAULT_MEMORY}) over the system clock. */
    public static <K> UnreachablePeers<K> withDefaults() {
        return new UnreachablePeers<>(DEFAULT_MEMORY, Clock.systemUTC());
    }

    /** {@code peer} could not be reached just now: ask it last for the next {@code memory}. */
    public void unreachable(K peer) {
        if (downUntil.put(peer, clock.instant().plus(memory)) == null) {
            log.info("{} could not be reached: asked last for {} s, or until it answers", peer, memory.toSeconds());
        }
    }

    /** {@code peer} answered (anything, a 503 included): it is not down. */
    public void reachable(K peer) {
        if (!downUntil.isEmpty() && downUntil.remove(peer) != null) {
            log.info("{} answers again", peer);
        }
    }

    /**
     * Whether a read should ask {@code peer} only after the others: true while it is remembered as
     * unreachable. Once that has expired, the first caller gets false (it tries the peer, and its
     * outcome renews or clears the memory) and the others keep getting true for another period.
     */
    public boolean isDown(K peer) {
        Instant until = downUntil.get(peer);
        if (until == null) {
            return false;
        }
        Instant now = clock.instant();
        if (now.isBefore(until)) {
            return true;
        }
        // Expired: one caller claims the retry by moving the deadline; a concurrent caller that
        // loses the race sees the new deadline and keeps the peer last.
        return !downUntil.replace(peer, until, now.plus(memory));
    }

    /**
     * {@code candidates} in their order, except that the peers remembered as unreachable ({@link
     * #isDown}) come after all the others (still in their order), so that they are tried only when
     * nothing else answered. Counts one {@link #deferred()} read when that changed the order.
     */
    public List<K> reachableFirst(List<K> candidates) {
        List<K> up = new ArrayList<>(candidates.size());
        List<K> last = new ArrayList<>(0);
        boolean reordered = false;
        for (K candidate : candidates) {
            if (isDown(candidate)) {
                last.add(candidate);
            } else {
                reordered |= !last.isEmpty();
                up.add(candidate);
            }
        }
        if (!reordered) {
            return candidates;
        }
        deferred.increment();
        up.addAll(last);
        return up;
    }

    /** How many reads have asked other sources first because a peer was remembered as unreachable. */
    public long deferred() {
        return deferred.sum();
    }

    /** How many peers are remembered as unreachable now (expired ones included until retried). */
    public int size() {
        return downUntil.size();
    }

    /** How long a peer is remembered. */
    public Duration memory() {
        return memory;
    }
}
