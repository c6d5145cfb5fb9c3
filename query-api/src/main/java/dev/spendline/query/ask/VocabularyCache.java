package dev.spendline.query.ask;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.spendline.ask.Vocabulary;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendRow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * The names seen in each workspace over the last {@link #LOOKBACK}: {@code spend_by} per dimension
 * (the first {@link SpendQuery#MAX_LIMIT} values by cost), kept for {@link #FRESH} so that a burst
 * of questions costs one read per dimension, and a name sent a minute ago is soon known. End-user
 * ids, statuses, outcomes and sources are left out: questions name them rarely, and user ids would
 * crowd the typo matching.
 */
final class VocabularyCache implements Function<String, Vocabulary> {

    static final Duration LOOKBACK = Vocabulary.LOOKBACK;
    static final Duration FRESH = Duration.ofSeconds(30);
    private final Queries queries;
    private final Clock clock;
    private final Cache<String, Vocabulary> cache;

    VocabularyCache(Queries queries, Clock clock) {
        this.queries = queries;
        this.clock = clock;
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(FRESH)
                .maximumSize(10_000)
                .build();
    }

    @Override
    public Vocabulary apply(String workspaceId) {
        return cache.get(workspaceId, this::load);
    }

    private Vocabulary load(String workspaceId) {
        Instant to = clock.instant();
        Instant from = to.minus(LOOKBACK);
        Map<Dimension, Set<String>> values = new EnumMap<>(Dimension.class);
        for (Dimension dimension : Vocabulary.DIMENSIONS) {
            List<SpendRow> rows = queries.answer(
                            QueryType.SPEND_BY,
                            new SpendQuery(
                                    workspaceId, dimension.kind(), dimension, from, to, Map.of(), SpendQuery.MAX_LIMIT))
                    .rows();
            Set<String> names = new LinkedHashSet<>();
            rows.stream().map(SpendRow::value).filter(Objects::nonNull).forEach(names::add);
            values.put(dimension, names);
        }
        return new Vocabulary(values);
    }
}
