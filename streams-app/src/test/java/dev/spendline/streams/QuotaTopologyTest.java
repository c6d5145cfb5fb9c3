package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.quota.AcceptedPairsQuery;
import dev.spendline.contracts.quota.EventIdentity;
import dev.spendline.contracts.quota.QuotaUsageQuery;
import dev.spendline.streams.quota.LocalQuotaQueries;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Quota counts and accepted pairs through the production topology. */
class QuotaTopologyTest {

    private static final String WS = "ws_q";
    private static final Instant NOV = Instant.parse("2026-11-23T10:00:00Z");
    private static final Instant OCT = Instant.parse("2026-10-31T23:59:59Z");

    private TopologyTestDriver driver;
    private TestInputTopic<String, AcceptedEvent> events;
    private LocalQuotaQueries quota;

    @BeforeEach
    void start() {
        driver = TopologyDrivers.start("quota-test");
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        quota = new LocalQuotaQueries(
                ws -> driver.getKeyValueStore(StoreNames.QUOTA_USAGE),
                ws -> driver.getWindowStore(StoreNames.DEDUPE_EVENTS),
                Duration.ofDays(35),
                Clock.fixed(NOV.plusSeconds(60), ZoneOffset.UTC));
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void countsDeduplicatedEventsByTheMonthTheyWereReceived() {
        send("a", NOV, NOV);
        send("a", NOV, NOV); // a resend: not counted
        send("b", NOV, NOV);
        send(null, NOV, NOV); // no identity: counted
        // Received in November but about a call in October: November's quota.
        send("c", OCT, NOV);
        // Received on the last second of October.
        send("d", OCT, OCT);
        send("e", NOV, NOV, "ws_other");

        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, YearMonth.of(2026, 11)))
                        .acceptedEvents())
                .isEqualTo(4);
        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, YearMonth.of(2026, 10)))
                        .acceptedEvents())
                .isEqualTo(1);
        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, YearMonth.of(2026, 9)))
                        .acceptedEvents())
                .isZero();
        assertThat(quota.quotaUsage(new QuotaUsageQuery("ws_other", YearMonth.of(2026, 11)))
                        .acceptedEvents())
                .isEqualTo(1);
    }

    @Test
    void theMonthChangesAtItsFirstMillisecondWhateverCameBefore() {
        Instant lastOfOctober = Instant.parse("2026-10-31T23:59:59.999Z");
        Instant firstOfNovember = Instant.parse("2026-11-01T00:00:00Z");
        send("m1", lastOfOctober, lastOfOctober);
        send("m2", firstOfNovember, firstOfNovember);
        send("m3", lastOfOctober, lastOfOctober); // late: back to October
        send("m4", firstOfNovember, firstOfNovember, "ws_other");
        send("m5", firstOfNovember, firstOfNovember);

        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, YearMonth.of(2026, 10)))
                        .acceptedEvents())
                .isEqualTo(2);
        assertThat(quota.quotaUsage(new QuotaUsageQuery(WS, YearMonth.of(2026, 11)))
                        .acceptedEvents())
                .isEqualTo(2);
        assertThat(quota.quotaUsage(new QuotaUsageQuery("ws_other", YearMonth.of(2026, 11)))
                        .acceptedEvents())
                .isEqualTo(1);
    }

    @Test
    void acceptedPairsAreTheOnesTheDedupeStoreRemembersForThisWorkspace() {
        send("a", NOV, NOV);
        send("b", NOV, NOV);
        send("x", NOV, NOV, "ws_other");

        assertThat(quota.acceptedPairs(new AcceptedPairsQuery(
                                WS,
                                List.of(
                                        new EventIdentity("app", "a"),
                                        new EventIdentity("app", "x"),
                                        new EventIdentity("other-source", "b"),
                                        new EventIdentity("app", "b"))))
                        .accepted())
                .containsExactly(new EventIdentity("app", "a"), new EventIdentity("app", "b"));
    }

    private void send(String externalId, Instant ts, Instant receivedAt) {
        send(externalId, ts, receivedAt, WS);
    }

    private void send(String externalId, Instant ts, Instant receivedAt, String ws) {
        ProductEvent event = new ProductEvent(
                "openai",
                "gpt-4.1",
                10,
                5,
                new BigDecimal("0.01"),
                externalId == null ? null : "app",
                externalId,
                ts,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
        events.pipeInput(ws, AcceptedEvent.of(ws, receivedAt, event), receivedAt);
    }
}
