package dev.spendline.streams.app;

import dev.spendline.streams.SpendlineTopology;
import dev.spendline.streams.StreamsTuning;
import dev.spendline.streams.TopologySettings;
import dev.spendline.streams.commit.CommitPacing;
import dev.spendline.streams.deadletter.DeadLetterQueue;
import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.topics.provision.KafkaClientSettings;
import dev.spendline.topics.provision.TopicLayout;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Owns the {@link KafkaStreams} instance: builds it from {@link SpendlineTopology#build}, starts it
 * after the web server (so {@code application.server} names a port that answers) and closes it on
 * shutdown, flushing state and committing.
 */
public final class StreamsRunner implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(StreamsRunner.class);

    private final KafkaStreams streams;
    private final KafkaStreamsMetrics metrics;
    private final Properties config = new Properties();
    private volatile boolean running;

    /**
     * With the bundled price book, for tests on one broker: internal topics get the broker's
     * default replication.
     */
    public StreamsRunner(StreamsProperties props, String bootstrapServers, HostInfo self, MeterRegistry registry) {
        this(props, bootstrapServers, self, registry, PriceBook.bundled(), null);
    }

    /**
     * @param topics the layout of Spendline's topics, whose replication factor and {@code
     *     min.insync.replicas} the internal topics (changelogs, repartition) get too; null leaves
     *     both to the broker's defaults
     */
    public StreamsRunner(
            StreamsProperties props,
            String bootstrapServers,
            HostInfo self,
            MeterRegistry registry,
            PriceBook priceBook,
            TopicLayout topics) {
        this(props, KafkaClientSettings.plain(bootstrapServers), self, registry, priceBook, topics);
    }

    /**
     * @param kafka the cluster's address and the client properties its security needs; Kafka
     *     Streams hands them to every client it makes (consumers, producer, admin)
     */
    public StreamsRunner(
            StreamsProperties props,
            KafkaClientSettings kafka,
            HostInfo self,
            MeterRegistry registry,
            PriceBook priceBook,
            TopicLayout topics) {
        config.putAll(kafka.config());
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, props.applicationId());
        config.put(StreamsConfig.STATE_DIR_CONFIG, props.stateDir());
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, props.processingGuarantee());
        config.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, props.numStreamThreads());
        config.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, props.numStandbyReplicas());
        config.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, props.cacheMaxBytes());
        config.put(StreamsConfig.APPLICATION_SERVER_CONFIG, self.host() + ":" + self.port());
        // A record we cannot read or process is set aside on the dead-letter topic (in the same
        // transaction), counted and skipped: one record must never stop attribution for everyone.
        DeadLetterQueue.configure(config, registry);
        if (props.instanceId() != null && !props.instanceId().isBlank()) {
            config.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG), props.instanceId());
        }
        config.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), (int)
                props.sessionTimeout().toMillis());
        // Kafka Streams commits every catch-up interval by itself; the inputs' processors ask for
        // the live interval while they keep up (CommitPacing).
        CommitPacing pacing = new CommitPacing(props.commitInterval(), props.catchUpCommitInterval());
        config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, pacing.kafkaCommitIntervalMs());
        if (topics != null) {
            // A changelog is the only durable copy of a store: it must survive a broker as well as
            // the input topics do, whatever the brokers' defaults are.
            config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) topics.replicationFactor());
            config.put(
                    StreamsConfig.topicPrefix(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG),
                    String.valueOf(topics.minInsyncReplicas()));
        }
        StreamsTuning.apply(config);
        StreamsBuilder builder = new StreamsBuilder();
        this.streams = new KafkaStreams(
                SpendlineTopology.build(builder, new TopologySettings(props.dedupeHorizon(), priceBook, pacing)),
                config);
        // Per-record failures never get here (they are dead letters, see DeadLetterQueue): what does
        // is a failure of the client itself (state, broker, a fenced producer beyond retries). Stop
        // this client (health turns DOWN, the orchestrator restarts it) rather than loop.
        streams.setUncaughtExceptionHandler(e -> {
            log.error("Streams thread failed; shutting the Kafka Streams client down", e);
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        this.metrics = new KafkaStreamsMetrics(streams);
        metrics.bindTo(registry);
    }

    /** The configuration the client was built with (a copy). */
    Properties config() {
        Properties copy = new Properties();
        copy.putAll(config);
        return copy;
    }

    public KafkaStreams streams() {
        return streams;
    }

    @Override
    public void start() {
        log.info(
                "Starting Kafka Streams {} with {} processing, state in {}, internal topics replicated {}",
                config.getProperty(StreamsConfig.APPLICATION_ID_CONFIG),
                config.getProperty(StreamsConfig.PROCESSING_GUARANTEE_CONFIG),
                config.getProperty(StreamsConfig.STATE_DIR_CONFIG),
                config.containsKey(StreamsConfig.REPLICATION_FACTOR_CONFIG)
                        ? config.get(StreamsConfig.REPLICATION_FACTOR_CONFIG) + "x"
                        : "as the broker's default");
        streams.start();
        running = true;
    }

    @Override
    public void stop() {
        streams.close(Duration.ofSeconds(30));
        metrics.close();
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
