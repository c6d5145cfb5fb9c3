package dev.spendline.streams;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A deterministic event mix for tests: the same seed gives the same events, so tests assert exact
 * figures computed independently from the generated list.
 */
public final class SeededEvents {

    private static final String[] PROVIDERS = {"openai", "anthropic", "google"};
    private static final String[][] MODELS = {
        {"gpt-4.1", "gpt-4.1-mini"}, {"claude-sonnet-4", "claude-haiku-4"}, {"gemini-2.5-pro", "gemini-2.5-flash"}
    };
    private static final String[] FEATURES = {"search", "chat", "summarize", "classify", null};

    private SeededEvents() {}

    /** {@code count} events of one workspace spread over {@code span} from {@code start}. */
    public static List<AcceptedEvent> generate(
            long seed, String workspaceId, int count, Instant start, Duration span, boolean withIdentity) {
        Random random = new Random(seed);
        List<AcceptedEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int p = random.nextInt(PROVIDERS.length);
            Instant ts = start.plusMillis((long) (random.nextDouble() * span.toMillis()));
            long prompt = 100 + random.nextInt(5_000);
            long cacheRead = random.nextInt(4) == 0 ? random.nextInt((int) prompt) : 0;
            // Costs with up to 7 decimals, as senders compute them from per-token prices.
            BigDecimal cost = BigDecimal.valueOf(random.nextInt(2_000_000), 7);
            boolean error = random.nextInt(30) == 0;
            ProductEvent event = new ProductEvent(
                    PROVIDERS[p],
                    MODELS[p][random.nextInt(2)],
                    prompt,
                    random.nextInt(2_000),
                    cost,
                    withIdentity ? "test" : null,
                    withIdentity ? "evt-" + seed + "-" + i : null,
                    ts,
                    null,
                    cacheRead,
                    0L,
                    random.nextInt(10) == 0 ? null : (long) random.nextInt(3_000),
                    error ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS,
                    FEATURES[random.nextInt(FEATURES.length)],
                    "tenant-" + random.nextInt(25),
                    "user-" + random.nextInt(100),
                    null,
                    null,
                    null,
                    null,
                    null,
                    random.nextInt(20) == 0 ? 1L : 0L,
                    null,
                    null);
            events.add(AcceptedEvent.of(workspaceId, ts.plusSeconds(1), event));
        }
        return events;
    }
}
