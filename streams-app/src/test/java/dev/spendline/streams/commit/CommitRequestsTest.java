package dev.spendline.streams.commit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** When the inputs' processors ask Kafka Streams for a commit (Kafka's own mock context records it). */
class CommitRequestsTest {

    private static final long NOW = 1_800_000_000_000L;

    private final MockProcessorContext<String, String> context = new MockProcessorContext<>();
    private final CommitRequests requests = CommitPacing.DEFAULT.requests();

    @BeforeEach
    void schedule() {
        requests.schedule(context);
        context.setCurrentSystemTimeMs(NOW);
    }

    @Test
    void asksEveryLiveIntervalOnTheWallClock() {
        assertThat(context.scheduledPunctuators()).hasSize(1);
        MockProcessorContext.CapturedPunctuator punctuator =
                context.scheduledPunctuators().get(0);
        assertThat(punctuator.getInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(punctuator.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
    }

    @Test
    void aLiveRecordIsCommittedAtTheNextPunctuation() {
        requests.seen(context, NOW - 5);
        assertThat(context.committed()).as("not per record").isFalse();

        punctuate();

        assertThat(context.committed()).isTrue();
        assertThat(requests.requests()).isEqualTo(1);
    }

    @Test
    void theLastRecordOfABurstIsCommittedToo() {
        requests.seen(context, NOW);
        punctuate();
        context.resetCommit();
        requests.seen(context, NOW + 1);

        punctuate();

        assertThat(context.committed()).isTrue();
    }

    @Test
    void noRecordNoCommit() {
        requests.seen(context, NOW);
        punctuate();
        context.resetCommit();

        punctuate();

        assertThat(context.committed()).isFalse();
        assertThat(requests.requests()).isEqualTo(1);
    }

    @Test
    void recordsThatWaitedLongerThanTheCatchUpIntervalLeaveCommitsToKafkaStreams() {
        for (long t = 0; t < 5_000; t += 10) {
            context.setCurrentSystemTimeMs(NOW + t);
            requests.seen(context, NOW + t - 1_001);
            if (t % 100 == 0) {
                punctuate();
            }
        }

        assertThat(context.committed()).isFalse();
        assertThat(requests.requests()).isZero();
    }

    @Test
    void aRecordThatWaitedExactlyTheCatchUpIntervalIsStillLive() {
        requests.seen(context, NOW - 1_000);
        punctuate();

        assertThat(context.committed()).isTrue();
    }

    @Test
    void onceTheBacklogIsWorkedOffLiveCommitsResume() {
        requests.seen(context, NOW - 60_000);
        punctuate();
        assertThat(context.committed()).isFalse();

        context.setCurrentSystemTimeMs(NOW + 10);
        requests.seen(context, NOW + 2);
        punctuate();

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

    private void punctuate() {
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(context.currentSystemTimeMs());
    }
}
