package dev.spendline.streams;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * A seeded random stream of product events as the gateway would write them, in the order it
 * would write them (by receipt), for property tests of the rollups and their reads.
 *
 * <p>Built to reach the corners of the read path: times on and around hour, day and month
 * boundaries and the edge of the hourly horizon; some events received long after they happened (they
 * roll up into days and months, not hours); a few with a time after "now" (clock skew, at most a
 * day ahead of their receipt, as the gateway allows); about 2 % resends of the same (source,
 * externalId), some with another cost, which must count once, as the first copy; a few ids reused
 * in another workspace, which count in both; costs with 0–9 decimals and a few with more (rounded
 * half-even to nano-dollars, ties included); dimension values from small alphabets with multi-byte
 * ones, values that are prefixes of others, and missing values. Every value stays within what
 * {@code ProductEventReader} accepts (no control or direction characters, non-blank).
 */
final class RandomEventStreams {

    /** Candidates for "now": month, year and horizon boundaries in different places. */
    private static final List<Instant> NOWS = List.of(
            Instant.parse("2026-11-03T13:27:41Z"),
            Instant.parse("2026-12-01T00:30:00Z"),
            Instant.parse("2026-10-09T07:05:00Z"),
            Instant.parse("2026-11-26T09:59:59.999Z"),
            Instant.parse("2027-01-01T05:00:00Z"),
            Instant.parse("2026-11-09T00:00:00Z"));

    private static final String[] PROVIDERS = {"openai", "anthropic", "google"};
    private static final String[] MODELS = {"gpt-4.1", "gpt-4.1-mini", "claude-sonnet-4", "模型-7b"};
    private static final String[] FEATURES = {"search", "chat", "résumé", "support bot", null};
    private static final String[] TENANTS = {"acme", "acme-eu", "globex", "株式会社", "zürich", "🚀rocket", null};
    private static final String[] USERS = {"u1", "u2", "u3", "ユーザー", null};
    private static final String[] AGENTS = {"triage", "research", null};
    private static final String[] WORKFLOWS = {"tickets", "отчёты", null};
    private static final String[] TOOLS = {"web_search", "sql", null};
    private static final String[] OUTCOMES = {"resolved", "escalated", "échoué", null};

    /** The gateway's dedupe horizon ({@code TopologyDrivers}: 35 days). */
    static final Duration DEDUPE_HORIZON = Duration.ofDays(35);

    /** One generated stream: what was sent, in receipt order, and the "now" of its reads. */
    record Stream(long seed, Instant now, List<String> workspaces, List<AcceptedEvent> events) {}

    private final Random random;
    private final Instant now;

    private RandomEventStreams(long seed) {
        this.random = new Random(seed);
        this.now = NOWS.get((int) Math.floorMod(seed, NOWS.size()));
    }

    /** A stream of 200 to 1,500 events (before resends). */
    static Stream generate(long seed) {
        return generate(seed, 1_500);
    }

    /** A stream of 200 to {@code maxEvents} events (before resends). */
    static Stream generate(long seed, int maxEvents) {
        return new RandomEventStreams(seed).stream(seed, maxEvents);
    }

    private Stream stream(long seed, int maxEvents) {
        List<String> workspaces = new ArrayList<>();
        int wsCount = 2 + random.nextInt(2);
        for (int i = 0; i < wsCount; i++) {
            workspaces.add("ws_p" + seed + "_" + i);
        }
        int count = 200 + random.nextInt(maxEvents - 199);
        List<Instant> boundaries = boundaries();
        List<AcceptedEvent> events = new ArrayList<>(count + count / 20);
        for (int i = 0; i < count; i++) {
            String ws = workspaces.get(random.nextInt(wsCount));
            Instant ts = time(boundaries);
            Instant receivedAt = receivedAt(ts);
            // A tenth without identity: the sender chose none, so nothing is deduplicated.
            boolean identified = random.nextInt(10) != 0;
            AcceptedEvent e = AcceptedEvent.of(
                    ws,
                    receivedAt,
                    event(ts, identified ? "src-" + random.nextInt(2) : null, identified ? "e-" + i : null));
            events.add(e);
            if (identified && random.nextInt(50) == 0) {
                events.add(resend(e));
            }
            if (identified && random.nextInt(100) == 0) {
                // The same id in another workspace is another event.
                String other = workspaces.get((workspaces.indexOf(ws) + 1) % wsCount);
                events.add(AcceptedEvent.of(other, receivedAt, e.event()));
            }
        }
        // The gateway appends in receipt order; a stable sort keeps a resend after its first copy.
        events.sort(Comparator.comparing(AcceptedEvent::receivedAt));
        return new Stream(seed, now, List.copyOf(workspaces), List.copyOf(events));
    }

    /** Hour, day and month starts around now and the horizon's edge, where reads split ranges. */
    private List<Instant> boundaries() {
        List<Instant> b = new ArrayList<>();
        Instant firstKept = now.minus(Duration.ofDays(8)).truncatedTo(ChronoUnit.HOURS);
        b.add(firstKept);
        b.add(firstKept.truncatedTo(ChronoUnit.DAYS));
        b.add(firstKept.truncatedTo(ChronoUnit.DAYS).plus(Duration.ofDays(1)));
        b.add(now.truncatedTo(ChronoUnit.HOURS));
        b.add(now.truncatedTo(ChronoUnit.DAYS));
        LocalDate month = LocalDate.ofInstant(now, ZoneOffset.UTC).withDayOfMonth(1);
        for (int m = 0; m < 3; m++) {
            b.add(month.minusMonths(m).atStartOfDay(ZoneOffset.UTC).toInstant());
        }
        return b;
    }

    /** Mostly the last ten days (the horizon and a little before), else up to 70 days back. */
    private Instant time(List<Instant> boundaries) {
        int kind = random.nextInt(100);
        Instant ts;
        if (kind < 25) {
            Instant boundary = boundaries.get(random.nextInt(boundaries.size()));
            // Exactly on it, a millisecond before, or within 90 minutes either side.
            ts = switch (random.nextInt(4)) {
                case 0 -> boundary;
                case 1 -> boundary.minusMillis(1);
                default -> boundary.plusSeconds(random.nextInt(10_800) - 5_400);};
        } else if (kind < 70) {
            ts = now.minusMillis(
                    (long) (random.nextDouble() * Duration.ofDays(10).toMillis()));
        } else if (kind < 98) {
            ts = now.minusMillis(
                    (long) (random.nextDouble() * Duration.ofDays(70).toMillis()));
        } else {
            // Clock skew: after now, at most a day after the receipt (received within the last hour).
            ts = now.plusSeconds(random.nextInt(20 * 3600));
        }
        return ts;
    }

    /** Most events arrive within half an hour; about one in eight days to weeks later. */
    private Instant receivedAt(Instant ts) {
        if (ts.isAfter(now)) {
            return now.minusSeconds(random.nextInt(3600));
        }
        Instant received = random.nextInt(8) == 0
                ? ts.plus(Duration.ofHours(8 * 24 + random.nextInt(32 * 24)))
                : ts.plusMillis(random.nextInt(30 * 60_000));
        return received.isAfter(now) ? now : received;
    }

    /** The same identity again, later; half the time with another cost, which must not count. */
    private AcceptedEvent resend(AcceptedEvent first) {
        ProductEvent e = first.event();
        BigDecimal cost = random.nextBoolean() ? e.costUsd() : e.costUsd().add(BigDecimal.ONE);
        Instant receivedAt = first.receivedAt().plusSeconds(1 + random.nextInt(3 * 86_400));
        ProductEvent again = new ProductEvent(
                e.provider(),
                e.model(),
                e.promptTokens(),
                e.outputTokens(),
                cost,
                e.source(),
                e.externalId(),
                e.ts(),
                e.totalTokens(),
                e.cacheReadTokens(),
                e.cacheWriteTokens(),
                e.latencyMs(),
                e.status(),
                e.feature(),
                e.tenantId(),
                e.userId(),
                e.agentId(),
                e.workflowId(),
                e.runId(),
                e.stepId(),
                e.toolName(),
                e.retryCount(),
                e.outcome(),
                null);
        return AcceptedEvent.of(first.workspaceId(), receivedAt.isAfter(now) ? now : receivedAt, again);
    }

    private ProductEvent event(Instant ts, String source, String externalId) {
        Long retries =
                switch (random.nextInt(6)) {
                    case 0 -> null;
                    case 1 -> 1L;
                    case 2 -> 3L;
                    default -> 0L;
                };
        return new ProductEvent(
                pick(PROVIDERS),
                pick(MODELS),
                random.nextInt(5_000),
                random.nextInt(2_000),
                cost(),
                source,
                externalId,
                ts,
                null,
                random.nextInt(3) == 0 ? null : (long) random.nextInt(1_000),
                random.nextInt(3) == 0 ? null : (long) random.nextInt(500),
                random.nextInt(4) == 0 ? null : (long) random.nextInt(30_000),
                random.nextInt(7) == 0 ? ProductEvent.STATUS_ERROR : ProductEvent.STATUS_SUCCESS,
                pick(FEATURES),
                pick(TENANTS),
                pick(USERS),
                pick(AGENTS),
                pick(WORKFLOWS),
                null,
                null,
                pick(TOOLS),
                retries,
                pick(OUTCOMES),
                null);
    }

    /**
     * One in twelve 0 (the cost unknown); else 0 to 9 decimals, up to about 1,000 USD; one in thirty with 10 to 14 decimals, a third of
     * those an exact half nano-dollar (half-even: 0.0000000005 is 0, 0.0000000015 is 2 nanos).
     */
    private BigDecimal cost() {
        if (random.nextInt(12) == 0) {
            // "Unknown": priced from the book where it has the provider and model, else unpriced.
            return BigDecimal.ZERO;
        }
        if (random.nextInt(30) == 0) {
            int scale = 10 + random.nextInt(5);
            long unscaled = random.nextInt(3) == 0
                    ? (random.nextInt(1_000) * 10L + 5) * pow10(scale - 10)
                    : (long) (random.nextDouble() * pow10(scale - 1));
            return BigDecimal.valueOf(unscaled, scale);
        }
        int scale = random.nextInt(10);
        return BigDecimal.valueOf((long) (random.nextDouble() * pow10(scale + 3)), scale);
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }
}
