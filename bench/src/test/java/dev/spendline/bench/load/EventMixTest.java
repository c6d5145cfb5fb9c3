package dev.spendline.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EventMixTest {

    private static final int N = 20_000;
    private static final Instant ANCHOR = Instant.now();

    private static List<MixEvent> generate(long seed) {
        EventMix mix = new EventMix(seed, "test", Duration.ofDays(30), ANCHOR, "t");
        List<MixEvent> events = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            events.add(mix.next());
        }
        return events;
    }

    @Test
    void everyGeneratedEventPassesTheGatewaysValidationAndKeepsItsCost() {
        Instant now = Instant.now();
        for (MixEvent event : generate(1)) {
            List<FieldError> errors = new ArrayList<>();
            ProductEvent read = ProductEventReader.read(Json.MAPPER.readTree(event.json()), "", now, errors);
            assertThat(errors).as(event.json()).isEmpty();
            assertThat(read.costUsd()).isEqualByComparingTo(event.costUsd());
            assertThat(read.tenantId()).isEqualTo(event.tenantId());
            assertThat(read.externalId()).isEqualTo(event.externalId());
        }
    }

    @Test
    void theMixHasTheAdvertisedShape() {
        List<MixEvent> events = generate(2);
        long errors = events.stream().filter(e -> "error".equals(e.status())).count();
        long retried = events.stream().filter(e -> e.retryCount() != null).count();
        long resends = events.stream().filter(MixEvent::resend).count();
        long cached = events.stream().filter(e -> e.cacheReadTokens() != null).count();
        long inRuns = events.stream().filter(e -> e.runId() != null).count();
        Set<String> tenants = new HashSet<>();
        Set<String> features = new HashSet<>();
        Set<String> models = new HashSet<>();
        Set<String> providers = new HashSet<>();
        events.forEach(e -> {
            tenants.add(e.tenantId());
            features.add(e.feature());
            models.add(e.model());
            providers.add(e.provider());
        });
        assertThat(errors).isBetween(N * 2L / 100, N * 4L / 100);
        assertThat(retried).isBetween(N * 4L / 100, N * 6L / 100);
        assertThat(resends).isBetween(N * 1L / 100, N * 3L / 100);
        assertThat(cached).isBetween(N * 25L / 100, N * 40L / 100);
        assertThat(inRuns).isBetween(N * 30L / 100, N * 90L / 100);
        assertThat(tenants).hasSizeGreaterThan(900);
        assertThat(features).hasSize(EventMix.FEATURES);
        assertThat(models).hasSize(12);
        assertThat(providers).containsExactlyInAnyOrder("openai", "anthropic", "google");
    }

    @Test
    void theSameSeedGivesTheSameSequenceAndResendsRepeatAnEarlierIdentity() {
        List<MixEvent> a = generate(3);
        List<MixEvent> b = generate(3);
        assertThat(a.stream().map(MixEvent::json).toList())
                .isEqualTo(b.stream().map(MixEvent::json).toList());
        Set<String> seen = new HashSet<>();
        for (MixEvent e : a) {
            if (e.resend()) {
                assertThat(seen).contains(e.externalId());
            } else {
                assertThat(seen.add(e.externalId()))
                        .as("fresh identity %s", e.externalId())
                        .isTrue();
            }
        }
    }

    @Test
    void theLedgerCountsAnIdentityOnce() {
        Ledger ledger = new Ledger();
        List<MixEvent> events = generate(4);
        events.forEach(ledger::acknowledge);
        long distinct = events.stream().map(MixEvent::externalId).distinct().count();
        assertThat(ledger.calls()).isEqualTo(distinct).isLessThan(N);
        assertThat(ledger.acknowledgedItems()).isEqualTo(N);
        assertThat(ledger.callsByTenant().values().stream()
                        .mapToLong(Long::longValue)
                        .sum())
                .isEqualTo(distinct);
    }
}
