package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

/** {@code /readyz} tells the truth about Kafka Streams (issue #28). */
class StreamsReadinessIndicatorTest {

    private final AtomicReference<State> state = new AtomicReference<>(State.CREATED);
    private final AtomicBoolean storesAnswer = new AtomicBoolean(false);
    private final StreamsReadinessIndicator readiness = new StreamsReadinessIndicator(state::get, storesAnswer::get);

    @Test
    void notReadyUntilRunningWithStoresThatAnswer() {
        assertThat(status()).isEqualTo(Status.DOWN);
        state.set(State.REBALANCING);
        assertThat(status()).isEqualTo(Status.DOWN);
        state.set(State.RUNNING);
        assertThat(status()).isEqualTo(Status.DOWN);
        storesAnswer.set(true);
        assertThat(status()).isEqualTo(Status.UP);
        assertThat(readiness.health().getDetails()).containsEntry("state", "RUNNING");
    }

    @Test
    void aLaterRebalanceKeepsItReadyAFailureDoesNot() {
        state.set(State.RUNNING);
        storesAnswer.set(true);
        assertThat(status()).isEqualTo(Status.UP);
        state.set(State.REBALANCING);
        assertThat(status()).isEqualTo(Status.UP);
        for (State failed : new State[] {State.PENDING_ERROR, State.ERROR, State.PENDING_SHUTDOWN, State.NOT_RUNNING}) {
            state.set(failed);
            assertThat(status()).as(failed.name()).isEqualTo(Status.DOWN);
        }
    }

    private Status status() {
        return readiness.health().getStatus();
    }
}
