package dev.spendline.contracts.query;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * {@link Queries} answered by one function per kind: how the streams side declares the local query
 * of each kind, and how a test answers the kinds it needs. A kind without a function is refused
 * with {@link IllegalArgumentException}.
 */
public final class QueryHandlers implements Queries {

    private final Map<QueryType<?, ?>, Function<Object, Object>> handlers = new LinkedHashMap<>();

    /** Answers {@code type} with {@code handler} (replacing an earlier one); returns this. */
    @SuppressWarnings("unchecked")
    public <Q extends WorkspaceQuery, A> QueryHandlers on(
            QueryType<Q, A> type, Function<? super Q, ? extends A> handler) {
        handlers.put(type, (Function<Object, Object>) handler);
        return this;
    }

    /** Whether {@code type} has a function here. */
    public boolean answers(QueryType<?, ?> type) {
        return handlers.containsKey(type);
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        Function<Object, Object> handler = handlers.get(type);
        if (handler == null) {
            throw new IllegalArgumentException("No answer for " + type.name() + " here");
        }
        return type.answerType().cast(handler.apply(query));
    }
}
