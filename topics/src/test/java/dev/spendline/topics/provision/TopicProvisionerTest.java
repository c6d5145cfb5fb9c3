package dev.spendline.topics.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

class TopicProvisionerTest {

    private static final TopicSettings SETTINGS = new TopicSettings(12, null, Duration.ofDays(40), Duration.ofDays(7));

    @Test
    void namesEverySpendlineTopic() {
        assertThat(TopicProvisioner.names())
                .containsExactly(
                        "spendline.events.v1",
                        "spendline.internal-usage.v1",
                        "spendline.revenue.v1",
                        "spendline.budgets.v1",
                        "spendline.alert-snoozes.v1",
                        "spendline.guardrails.v1",
                        "spendline.alerts.v1",
                        "spendline.dead-letters.v1");
    }

    @Test
    void inputTopicsKeepEventsForTheConfiguredRetention() {
        Map<String, NewTopic> topics = byName(new TopicLayout(12, (short) 3, 2));

        for (String input : List.of("spendline.events.v1", "spendline.internal-usage.v1")) {
            assertThat(topics.get(input).configs())
                    .as(input)
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("retention.ms", "3456000000", "min.insync.replicas", "2"));
        }
    }

    @Test
    void settingsTopicsAreCompacted() {
        Map<String, NewTopic> topics = byName(new TopicLayout(12, (short) 3, 2));

        for (String settings : List.of(
                "spendline.revenue.v1",
                "spendline.budgets.v1",
                "spendline.alert-snoozes.v1",
                "spendline.guardrails.v1")) {
            assertThat(topics.get(settings).configs())
                    .as(settings)
                    .containsExactlyInAnyOrderEntriesOf(
                            Map.of("cleanup.policy", "compact", "min.insync.replicas", "2"));
        }
    }

    @Test
    void theAlertStreamKeepsAlertsForTheirRetention() {
        assertThat(byName(new TopicLayout(12, (short) 3, 2))
                        .get("spendline.alerts.v1")
                        .configs())
                .containsExactlyInAnyOrderEntriesOf(Map.of("retention.ms", "604800000", "min.insync.replicas", "2"));
    }

    @Test
    void theDeadLettersAreKeptAsLongAsTheEvents() {
        assertThat(byName(new TopicLayout(12, (short) 3, 2))
                        .get("spendline.dead-letters.v1")
                        .configs())
                .containsExactlyInAnyOrderEntriesOf(Map.of("retention.ms", "3456000000", "min.insync.replicas", "2"));
    }

    @Test
    void everyTopicGetsTheLayoutsPartitionsAndReplication() {
        List<NewTopic> topics = TopicProvisioner.newTopics(SETTINGS, new TopicLayout(5, (short) 1, 1));

        assertThat(topics).hasSize(8).allSatisfy(topic -> {
            assertThat(topic.numPartitions()).isEqualTo(5);
            assertThat(topic.replicationFactor()).isEqualTo((short) 1);
            assertThat(topic.configs()).containsEntry("min.insync.replicas", "1");
        });
    }

    @Test
    void theExistingTopicsCountWinsOverTheConfiguredOne() {
        Map<String, Integer> existing = Map.of("spendline.events.v1", 24, "spendline.budgets.v1", 24);

        assertThat(TopicProvisioner.sharedPartitionCount(existing, 12)).isEqualTo(24);
        assertThat(TopicProvisioner.sharedPartitionCount(Map.of(), 12)).isEqualTo(12);
    }

    @Test
    void differingPartitionCountsFailNamingTheTopics() {
        Map<String, Integer> existing = new LinkedHashMap<>();
        existing.put("spendline.events.v1", 12);
        existing.put("spendline.budgets.v1", 6);
        existing.put("spendline.alerts.v1", 12);

        assertThatThrownBy(() -> TopicProvisioner.sharedPartitionCount(existing, 12))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("6 partitions: spendline.budgets.v1")
                .hasMessageContaining("12 partitions: spendline.events.v1, spendline.alerts.v1")
                .hasMessageContaining("docs/operations.md#topics");
    }

    private static Map<String, NewTopic> byName(TopicLayout layout) {
        return TopicProvisioner.newTopics(SETTINGS, layout).stream()
                .collect(Collectors.toMap(NewTopic::name, Function.identity()));
    }
}
