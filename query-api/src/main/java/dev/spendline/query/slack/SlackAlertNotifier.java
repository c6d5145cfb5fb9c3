package dev.spendline.query.slack;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.topics.Topics;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Reads {@code spendline.alerts.v1} in a consumer group of its own ({@code read_committed}: only the
 * topology's committed alerts; offsets committed by hand) and hands each alert to its workspace's
 * queue ({@link SlackAlertQueues}). It never blocks on Slack: the poll loop only queues. Delivery is
 * at least once: a record's offset is committed only once its alert was delivered (or replaced by a
 * later state that was), so after a crash or a rebalance the alerts not yet delivered are read again;
 * an alert already posted is then updated, not posted twice ({@link SlackAlertPoster}). A new group
 * starts at the end of the topic: turning the notifier on does not replay old alerts.
 */
final class SlackAlertNotifier implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(SlackAlertNotifier.class);
    private static final Duration POLL = Duration.ofMillis(200);

    /**
     * A record's place, acknowledged once its alert is done. It names the partition's progress as it
     * was when read: after the partition was revoked (and perhaps assigned again) a late
     * acknowledgement touches only that old progress, never the offsets read anew.
     */
    record Position(Progress progress, long offset) {}

    /** Offsets read but not done, and the next offset to read, of one partition this instance owns. */
    static final class Progress {
        final ConcurrentSkipListSet<Long> pending = new ConcurrentSkipListSet<>();
        long next = -1;
        long committed = -1;
    }

    private final KafkaClientSettings kafka;
    private final String groupId;
    private final Map<TopicPartition, Progress> progress = new ConcurrentHashMap<>();
    private final Deserializer<Alert> alerts = Topics.ALERTS.valueSerde().deserializer();
    private final ExecutorService workers;
    private final SlackAlertQueues<Position> queues;
    private volatile boolean running;
    private volatile boolean assigned;
    private Thread poller;
    private KafkaConsumer<String, byte[]> consumer;

    SlackAlertNotifier(
            KafkaClientSettings kafka,
            String groupId,
            int queueLimit,
            SlackAlertQueues.Delivery delivery,
            java.util.function.Consumer<String> dropped) {
        this.kafka = kafka;
        this.groupId = groupId;
        // A thread per workspace that has alerts waiting, none for the others: a workspace waiting on a
        // slow Slack holds only its own.
        java.util.concurrent.atomic.AtomicInteger n = new java.util.concurrent.atomic.AtomicInteger();
        this.workers = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "slack-alerts-" + n.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.queues = new SlackAlertQueues<>(queueLimit, workers, delivery, this::done, dropped);
    }

    /** Whether the group has given this instance its partitions (tests wait for it before producing). */
    boolean assigned() {
        return assigned;
    }

    @Override
    public synchronized void start() {
        Map<String, Object> config = kafka.config();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        config.put(ConsumerConfig.CLIENT_ID_CONFIG, groupId + "-" + Integer.toHexString(System.identityHashCode(this)));
        consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
        running = true;
        poller = new Thread(this::run, "slack-alerts-poll");
        poller.setDaemon(true);
        poller.start();
    }

    private void run() {
        consumer.subscribe(List.of(Topics.ALERTS.name()), new ConsumerRebalanceListener() {
            @Override
            public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                commitDone(true);
                partitions.forEach(progress::remove);
            }

            @Override
            public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                assigned = true;
            }
        });
        try {
            while (running) {
                try {
                    for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                        read(record);
                    }
                    commitDone(false);
                } catch (WakeupException e) {
                    break;
                } catch (KafkaException e) {
                    // The broker away or a rebalance gone wrong: the consumer reconnects by itself.
                    log.warn("Reading {} for Slack failed; trying again", Topics.ALERTS.name(), e);
                    sleep(Duration.ofSeconds(1));
                }
            }
            commitDone(true);
        } catch (WakeupException e) {
            // stopping during the last commit
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void read(ConsumerRecord<String, byte[]> record) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        Progress p = progress.computeIfAbsent(partition, tp -> new Progress());
        p.next = record.offset() + 1;
        Alert alert;
        try {
            alert = record.value() == null ? null : alerts.deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            // Not an alert this version can read (a new type, say): skipped, as docs/alerts.md asks of
            // consumers; its offset is committed with the ones after it.
            log.warn("Skipping an alert record Slack cannot read at {}-{}", partition, record.offset(), e);
            return;
        }
        if (alert == null || alert.workspaceId() == null || alert.id() == null || alert.type() == null) {
            return;
        }
        p.pending.add(record.offset());
        queues.offer(alert, new Position(p, record.offset()));
    }

    private void done(Position position) {
        position.progress().pending.remove(position.offset());
    }

    /** Commits, per partition, up to the first offset not done yet (everything read when none is pending). */
    private void commitDone(boolean sync) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        progress.forEach((partition, p) -> {
            Long first = p.pending.isEmpty() ? null : p.pending.first();
            long committable = first == null ? p.next : first;
            if (committable > p.committed) {
                offsets.put(partition, new OffsetAndMetadata(committable));
                p.committed = committable;
            }
        });
        if (offsets.isEmpty()) {
            return;
        }
        if (sync) {
            consumer.commitSync(offsets);
        } else {
            consumer.commitAsync(offsets, (committed, e) -> {
                if (e != null) {
                    log.debug("Committing Slack alert offsets failed; the next commit covers them", e);
                }
            });
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        // Deliveries under way are cut: their offsets stay uncommitted, so they run again after a restart.
        workers.shutdownNow();
        consumer.wakeup();
        try {
            poller.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }
}
