package dev.spendline.streams.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

/** When the inputs' processors ask Kafka Streams for a commit (Kafka's own mock context records it). */
class CommitRequestsTest {

    private static final long NOW = 1_800_000_000_000L;

    private final MockProcessorContext<String, String> context = new MockProcessorContext<>();
    private final CommitRequests requests = CommitPacing.DEFAULT.requests();

    @Test
    void aLiveRecordAsksForACommitAtOnce() {
        context.setCurrentSystemTimeMs(NOW);

        requests.seen(context, NOW - 5);

        assertThat(context.committed()).isTrue();
    }

    @Test
    void liveRecordsAskAtMostOncePerLiveInterval() {
        context.setCurrentSystemTimeMs(NOW);
        requests.seen(context, NOW);
        context.resetCommit();

        context.setCurrentSystemTimeMs(NOW + 99);
        requests.seen(context, NOW + 99);
        assertThat(context.committed()).as("99 ms after the last request").isFalse();

        context.setCurrentSystemTimeMs(NOW + 100);
        requests.seen(context, NOW + 100);
        assertThat(context.committed()).as("100 ms after the last request").isTrue();
        assertThat(requests.requests()).isEqualTo(2);
    }

    @Test
    void recordsThatWaitedLongerThanTheCatchUpIntervalLeaveCommitsToKafkaStreams() {
        for (long t = 0; t < 5_000; t += 10) {
            context.setCurrentSystemTimeMs(NOW + t);
            requests.seen(context, NOW + t - 1_001);
        }

        assertThat(context.committed()).isFalse();
        assertThat(requests.requests()).isZero();
    }

    @Test
    void aRecordThatWaitedExactlyTheCatchUpIntervalIsStillLive() {
        context.setCurrentSystemTimeMs(NOW);

        requests.seen(context, NOW - 1_000);

        assertThat(context.committed()).isTrue();
    }

    @Test
    void onceTheBacklogIsWorkedOffLiveCommitsResume() {
        context.setCurrentSystemTimeMs(NOW);
        requests.seen(context, NOW - 60_000);
        assertThat(context.committed()).isFalse();

        context.setCurrentSystemTimeMs(NOW + 10);
        requests.seen(context, NOW + 2);

        assertThat(context.committed()).isTrue();
    }

    @Test
    void kafkaStreamsCommitsByItselfAtTheLongerInterval() {
        assertThat(CommitPacing.DEFAULT.kafkaCommitIntervalMs()).isEqualTo(1_000);
        assertThat(new CommitPacing(Duration.ofSeconds(2), Duration.ofMillis(500)).kafkaCommitIntervalMs())
                .isEqualTo(2_000);
    }

    @Test
    void intervalsMustBePositive() {
        assertThatThrownBy(() -> new CommitPacing(Duration.ZERO, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CommitPacing(Duration.ofMillis(100), Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CommitPacing(null, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
