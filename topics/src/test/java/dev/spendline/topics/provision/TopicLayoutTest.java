package dev.spendline.topics.provision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopicLayoutTest {

    @Test
    void aSingleBrokerGetsOneReplicaAndOneInSync() {
        assertThat(TopicLayout.forCluster(1, 6, null)).isEqualTo(new TopicLayout(6, (short) 1, 1));
    }

    @Test
    void twoBrokersGetTwoReplicasButOneInSyncSoARestartDoesNotStopWrites() {
        assertThat(TopicLayout.forCluster(2, 12, null)).isEqualTo(new TopicLayout(12, (short) 2, 1));
    }

    @Test
    void threeBrokersOrMoreGetThreeReplicasAndTwoInSync() {
        assertThat(TopicLayout.forCluster(3, 12, null)).isEqualTo(new TopicLayout(12, (short) 3, 2));
        assertThat(TopicLayout.forCluster(9, 12, null)).isEqualTo(new TopicLayout(12, (short) 3, 2));
    }

    @Test
    void aConfiguredReplicationFactorWinsAndSetsTheMinInSync() {
        assertThat(TopicLayout.forCluster(5, 12, 5)).isEqualTo(new TopicLayout(12, (short) 5, 2));
        assertThat(TopicLayout.forCluster(5, 12, 2)).isEqualTo(new TopicLayout(12, (short) 2, 1));
        assertThat(TopicLayout.forCluster(5, 12, 1)).isEqualTo(new TopicLayout(12, (short) 1, 1));
    }

    @Test
    void refusesMoreReplicasThanBrokersNamingTheProperty() {
        assertThatThrownBy(() -> TopicLayout.forCluster(1, 12, 3))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spendline.kafka.replication-factor is 3")
                .hasMessageContaining("1 broker(s)");
    }

    @Test
    void refusesAReplicationFactorBelowOne() {
        assertThatThrownBy(() -> TopicLayout.forCluster(3, 12, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("at least 1");
    }

    @Test
    void refusesAClusterWithoutBrokers() {
        assertThatThrownBy(() -> TopicLayout.forCluster(0, 12, null)).isInstanceOf(IllegalStateException.class);
    }
}
