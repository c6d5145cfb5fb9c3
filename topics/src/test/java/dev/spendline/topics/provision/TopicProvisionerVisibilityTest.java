package dev.spendline.topics.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.DescribeTopicsResult;
import org.apache.kafka.clients.admin.MockAdminClient;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicCollection;
import org.junit.jupiter.api.Test;

/**
 * On a 3-broker cluster the listing and the description of a just-created topic may be answered by
 * different brokers, and the second may not know the topic yet (CI saw {@code Cannot describe the
 * Spendline topics: This server does not host this topic-partition}). Kafka's own {@link
 * MockAdminClient} plays that broker: its first descriptions fail as a broker's would.
 */
class TopicProvisionerVisibilityTest {

    private static final List<Node> BROKERS =
            List.of(new Node(1, "b1", 9092), new Node(2, "b2", 9092), new Node(3, "b3", 9092));

    /** A cluster whose first {@code lagging} descriptions come from a broker that has not learnt of the topics. */
    private static final class LaggingBroker extends MockAdminClient {
        private final AtomicInteger lagging;
        final AtomicInteger descriptions = new AtomicInteger();

        LaggingBroker(int lagging) {
            super(BROKERS, BROKERS.get(0));
            this.lagging = new AtomicInteger(lagging);
        }

        @Override
        public synchronized DescribeTopicsResult describeTopics(TopicCollection topics, DescribeTopicsOptions options) {
            descriptions.incrementAndGet();
            if (lagging.getAndDecrement() > 0) {
                // The mock answers a topic it does not have as a broker does: UnknownTopicOrPartition.
                return super.describeTopics(TopicCollection.ofTopicNames(List.of("not-known-here-yet")), options);
            }
            return super.describeTopics(topics, options);
        }
    }

    @Test
    void aTopicListedButNotYetDescribableIsWaitedForNotAFailure() {
        try (LaggingBroker admin = new LaggingBroker(3)) {
            TopicLayout layout =
                    new TopicProvisioner(admin, Duration.ofSeconds(10)).createMissing(TopicSettings.withPartitions(3));

            assertThat(layout).isEqualTo(new TopicLayout(3, (short) 3, 2));
            assertThat(admin.descriptions.get())
                    .as("descriptions asked, 3 of them too early")
                    .isGreaterThan(3);
        }
    }

    @Test
    void topicsThatNeverBecomeDescribableFailNamingThemAfterTheTimeout() {
        try (LaggingBroker admin = new LaggingBroker(Integer.MAX_VALUE)) {
            assertThatThrownBy(() -> new TopicProvisioner(admin, Duration.ofMillis(300))
                            .createMissing(TopicSettings.withPartitions(3)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not visible within PT0.3S")
                    .hasMessageContaining("spendline.events.v1");
        }
    }
}
