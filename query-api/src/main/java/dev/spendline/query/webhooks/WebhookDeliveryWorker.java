package dev.spendline.query.webhooks;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.topics.Topics;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The delivery worker: consumes {@code spendline.alerts.v1} and {@code spendline.alert-snoozes.v1} in its
 * own consumer group ({@code read_committed}, offsets committed by hand) and hands each change to the
 * {@link WebhookDispatcher}. At least once: a record's offset is committed only when every message made
 * from it is finished with (delivered, given up, or dropped), so after a crash or a rebalance the records
 * not yet finished are read again and sent again with the same {@code webhook-id}. The consumer never
 * waits for a receiver, and the topology never waits for this worker: it is just another consumer of the
 * public alert stream. Across instances the consumer group gives each partition (each workspace) to one
 * instance, so each change is delivered once per endpoint, not once per instance.
 */
final class WebhookDeliveryWorker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(WebhookDeliveryWorker.class);
    private static final Duration POLL = Duration.ofMillis(200);

    private final KafkaClientSettings kafka;
    private final String group;
    private final WebhookDispatcher dispatcher;
    private final Map<TopicPartition, Progress> progress = new ConcurrentHashMap<>();
    private volatile boolean running;
    private volatile KafkaConsumer<String, byte[]> consumer;
    private Thread thread;

    WebhookDeliveryWorker(KafkaClientSettings kafka, String group, WebhookDispatcher dispatcher) {
        this.kafka = kafka;
        this.group = group;
        this.dispatcher = dispatcher;
    }

    @Override
    public synchronized void start() {
        if (kafka == null) {
            log.info("No Kafka configured: webhook deliveries are off in this context");
            return;
        }
        running = true;
        thread = new Thread(this::run, "webhook-deliveries");
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void stop() {
        running = false;
        KafkaConsumer<String, byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        Thread t = thread;
        if (t != null) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** After Kafka Streams and the web server: stopped before them. */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }

    private void run() {
        while (running) {
            try (KafkaConsumer<String, byte[]> c = newConsumer()) {
                consumer = c;
                c.subscribe(List.of(Topics.ALERTS.name(), Topics.ALERT_SNOOZES.name()), new Rebalance(c));
                while (running) {
                    for (ConsumerRecord<String, byte[]> record : c.poll(POLL)) {
                        handle(record);
                    }
                    commitFinished(c, progress.keySet());
                }
                commitFinished(c, progress.keySet());
            } catch (WakeupException e) {
                // stop() woke the consumer up
            } catch (RuntimeException e) {
                log.error("Webhook delivery worker failed; starting again in 5 s", e);
                sleep();
            } finally {
                consumer = null;
                progress.clear();
            }
        }
    }

    private void handle(ConsumerRecord<String, byte[]> record) {
        TopicPartition partition = new TopicPartition(record.topic(), record.partition());
        Progress p = progress.computeIfAbsent(partition, tp -> new Progress());
        long offset = record.offset();
        p.started(offset);
        Runnable done = () -> p.finished(offset);
        Object value;
        try {
            value = record.topic().equals(Topics.ALERTS.name())
                    ? Topics.ALERTS.valueSerde().deserializer().deserialize(record.topic(), record.value())
                    : Topics.ALERT_SNOOZES.valueSerde().deserializer().deserialize(record.topic(), record.value());
        } catch (RuntimeException e) {
            // A record that cannot be read is skipped: never a stop for everyone's deliveries.
            log.warn("Webhooks skip {}-{}@{}: {}", record.topic(), record.partition(), offset, e.toString());
            done.run();
            return;
        }
        // A failure from here on (the database) is not the record's fault: it propagates, and the worker
        // starts again from the committed offsets, so the change is not lost.
        if (value instanceof Alert alert && alert.workspaceId() != null && alert.id() != null) {
            dispatcher.alertChanged(alert, done);
        } else if (value instanceof AlertSnooze snooze && snooze.workspaceId() != null && snooze.alertId() != null) {
            dispatcher.snoozed(snooze, done);
        } else {
            done.run(); // a tombstone (a snooze ended early) or an empty record: not an alert change
        }
    }

    private void commitFinished(KafkaConsumer<String, byte[]> c, Collection<TopicPartition> partitions) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (TopicPartition tp : new ArrayList<>(partitions)) {
            Progress p = progress.get(tp);
            if (p != null) {
                long next = p.committable();
                if (next > p.committed) {
                    offsets.put(tp, new OffsetAndMetadata(next));
                    p.committed = next;
                }
            }
        }
        if (!offsets.isEmpty()) {
            c.commitSync(offsets);
        }
    }

    private KafkaConsumer<String, byte[]> newConsumer() {
        Map<String, Object> config = kafka.config();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // A new group reads from the start: endpoints only receive changes made after they were created.
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(
                ConsumerConfig.CLIENT_ID_CONFIG,
                group + "-" + ProcessHandle.current().pid());
        return new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer());
    }

    private static void sleep() {
        try {
            Thread.sleep(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Offsets handed out and not yet finished, per partition; the committable offset is the lowest of them. */
    private static final class Progress {
        private final TreeMap<Long, Boolean> open = new TreeMap<>();
        private long next = -1;
        private long committed = -1;

        synchronized void started(long offset) {
            open.put(offset, Boolean.FALSE);
            next = offset + 1;
        }

        synchronized void finished(long offset) {
            open.remove(offset);
        }

        synchronized long committable() {
            return open.isEmpty() ? next : open.firstKey();
        }
    }

    private final class Rebalance implements ConsumerRebalanceListener {
        private final KafkaConsumer<String, byte[]> c;

        Rebalance(KafkaConsumer<String, byte[]> c) {
            this.c = c;
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            // Messages in flight go on; the new owner reads unfinished records again (same webhook-ids).
            commitFinished(c, partitions);
            partitions.forEach(progress::remove);
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {}
    }
}
