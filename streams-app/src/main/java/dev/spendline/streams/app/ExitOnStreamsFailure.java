package dev.spendline.streams.app;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.streams.KafkaStreams;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends the streams-app service when its Kafka Streams client has died, so that the orchestrator
 * (Docker's restart policy, systemd) starts a fresh one: a client in {@code ERROR} never recovers
 * by itself (our uncaught-exception handler answers {@code SHUTDOWN_CLIENT}, see {@link
 * StreamsRunner}), and an instance that only reports DOWN would keep its web server up and its
 * partitions' reads unanswered until someone noticed. Only {@code ERROR} counts: {@code
 * NOT_RUNNING} follows {@link KafkaStreams#close} alone, which only our own shutdown calls.
 *
 * <p>The exit runs on its own thread after {@code grace} (health reports DOWN meanwhile, and the
 * failure's logs are written), never on the stream thread that reports the state change, which
 * holds Kafka Streams' locks: closing the application context from there would wait on itself.
 * The standalone keeps serving everything else and reports DOWN instead
 * ({@code spendline.streams.exit-on-failure=false}).
 */
final class ExitOnStreamsFailure implements KafkaStreams.StateListener {

    private static final Logger log = LoggerFactory.getLogger(ExitOnStreamsFailure.class);

    private final Duration grace;
    private final Runnable exit;
    private final AtomicBoolean exiting = new AtomicBoolean();

    /** @param exit closes the application and ends the process with a non-zero code */
    ExitOnStreamsFailure(Duration grace, Runnable exit) {
        this.grace = grace;
        this.exit = exit;
    }

    @Override
    public void onChange(KafkaStreams.State newState, KafkaStreams.State oldState) {
        if (newState != KafkaStreams.State.ERROR || !exiting.compareAndSet(false, true)) {
            return;
        }
        log.error(
                "Kafka Streams failed ({} -> {}); this instance exits in {} so that it is restarted",
                oldState,
                newState,
                grace);
        Thread exiter = new Thread(this::exitAfterGrace, "spendline-exit-on-streams-failure");
        // Not daemon: the JVM must not end before the application context has been closed.
        exiter.start();
    }

    private void exitAfterGrace() {
        try {
            Thread.sleep(grace.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exit.run();
    }
}
