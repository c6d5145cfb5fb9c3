package dev.spendline.internalapi;

import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Reads through any one of several streams instances (query-api's and the gateway's view of the
 * streams side): every instance routes a read to the partition's owner, so any one will do. Each
 * read starts at the next instance in turn (from a random first one, so that several clients do
 * not all start at the first), and moves on to the next when an instance cannot be reached or
 * answers 503 ({@link QueryUnavailableException}), at most once round the list and not after
 * {@code budget} has passed; then it fails with {@link QueryUnavailableException} (503 +
 * Retry-After to the caller). Any other failure (400, a refused credential) is the same on every
 * instance and is thrown at once.
 *
 * <p>An instance that could not be reached ({@link PeerUnreachableException}: refused, timed out)
 * is remembered for a few seconds ({@link UnreachablePeers}) and asked last meanwhile, so that
 * while an instance is dead the reads that would start at it do not each pay its connect first.
 */
public final class FailoverQueries implements Queries {

    private final List<? extends Queries> instances;
    private final Duration budget;
    private final LongSupplier nanoTime;
    private final AtomicInteger next;
    private final UnreachablePeers<Queries> unreachable;

    /**
     * @param instances the streams instances, in the configured order
     * @param budget after this, no further instance is tried (an instance's own 503 can take its
     *     whole retry bound, so trying every one could multiply the wait)
     */
    public FailoverQueries(List<? extends Queries> instances, Duration budget) {
        this(instances, budget, UnreachablePeers.withDefaults());
    }

    /** @param unreachable the instances that could not be reached lately, asked last */
    public FailoverQueries(List<? extends Queries> instances, Duration budget, UnreachablePeers<Queries> unreachable) {
        this(
                instances,
                budget,
                System::nanoTime,
                ThreadLocalRandom.current().nextInt(Math.max(1, instances.size())),
                unreachable);
    }

    FailoverQueries(List<? extends Queries> instances, Duration budget, LongSupplier nanoTime, int first) {
        this(instances, budget, nanoTime, first, UnreachablePeers.withDefaults());
    }

    FailoverQueries(
            List<? extends Queries> instances,
            Duration budget,
            LongSupplier nanoTime,
            int first,
            UnreachablePeers<Queries> unreachable) {
        if (instances.isEmpty()) {
            throw new IllegalArgumentException("At least one streams instance URL is needed");
        }
        this.instances = List.copyOf(instances);
        this.budget = budget;
        this.nanoTime = nanoTime;
        this.next = new AtomicInteger(first);
        this.unreachable = unreachable;
    }

    /**
     * One client per URL of a comma-separated list ({@code spendline.query.streams-url}, {@code
     * spendline.gateway.streams-url}); blanks around the commas are ignored.
     */
    public static FailoverQueries over(String commaSeparatedUrls, Duration budget, Function<URI, Queries> client) {
        return over(commaSeparatedUrls, budget, client, UnreachablePeers.withDefaults());
    }

    /** As {@link #over(String, Duration, Function)}, remembering unreachable instances in {@code unreachable}. */
    public static FailoverQueries over(
            String commaSeparatedUrls,
            Duration budget,
            Function<URI, Queries> client,
            UnreachablePeers<Queries> unreachable) {
        return new FailoverQueries(urls(commaSeparatedUrls).stream().map(client).toList(), budget, unreachable);
    }

    /** The URLs of a comma-separated list, each checked to be an absolute http(s) URL. */
    public static List<URI> urls(String commaSeparatedUrls) {
        List<URI> urls = new ArrayList<>();
        for (String part : commaSeparatedUrls.split(",")) {
            String url = part.strip();
            if (url.isEmpty()) {
                continue;
            }
            URI uri = URI.create(url);
            if (uri.getScheme() == null
                    || uri.getHost() == null
                    || !uri.getScheme().startsWith("http")) {
                throw new IllegalArgumentException("Not an http(s) URL of a streams instance: " + url);
            }
            urls.add(uri);
        }
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("No streams instance URL in '" + commaSeparatedUrls + "'");
        }
        return urls;
    }

    /** How many instances this client knows. */
    public int size() {
        return instances.size();
    }

    /** The instances remembered as unreachable (for the metrics). */
    public UnreachablePeers<Queries> unreachable() {
        return unreachable;
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        int n = instances.size();
        int start = Math.floorMod(next.getAndIncrement(), n);
        List<Queries> inTurn = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            inTurn.add(instances.get((start + i) % n));
        }
        long deadline = nanoTime.getAsLong() + budget.toNanos();
        QueryUnavailableException last = null;
        boolean first = true;
        for (Queries instance : unreachable.reachableFirst(inTurn)) {
            if (!first && nanoTime.getAsLong() - deadline >= 0) {
                break;
            }
            first = false;
            try {
                A answer = instance.answer(type, query);
                unreachable.reachable(instance);
                return answer;
            } catch (PeerUnreachableException e) {
                unreachable.unreachable(instance);
                last = e;
            } catch (QueryUnavailableException e) {
                // It answered (503): alive, only unable to answer this read now.
                unreachable.reachable(instance);
                last = e;
            }
        }
        throw new QueryUnavailableException("No streams instance could answer right now", last);
    }
}
