package dev.spendline.bench.run;

import dev.spendline.bench.load.EventMix;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.topics.NativeLz4;
import dev.spendline.topics.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Kafka's own limit on this machine and broker: a plain producer with the gateway's settings
 * (acks=all, idempotent, lz4, 5 ms linger, 128 KiB batches) sending records of the same size and
 * content as the gateway writes (serialized {@link AcceptedEvent}s), acknowledged records per
 * second. Records are prepared before the clock starts, so only producing is measured.
 */
final class RawProducerBench {

    record Result(long acknowledged, Duration elapsed, double averageRecordBytes) {
        double perSecond() {
            return acknowledged / (elapsed.toNanos() / 1e9);
        }
    }

    private RawProducerBench() {}

    static Map<String, Object> gatewayProducerSettings(String bootstrap) {
        Map<String, Object> config = dev.spendline.bench.BenchKafka.config(bootstrap);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        config.put(ProducerConfig.BATCH_SIZE_CONFIG, 128 * 1024);
        config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        NativeLz4.load(); // as the gateway does: the reference uses the same compressor
        return config;
    }

    /** The gateway's records for {@code count} events of the mix, for workspace {@code workspaceId}. */
    static List<byte[]> records(String workspaceId, int count, long seed, Duration tsSpread) {
        EventMix mix = new EventMix(seed, "raw-" + seed, tsSpread);
        var serializer = Topics.EVENTS.valueSerde().serializer();
        Instant now = Instant.now();
        List<byte[]> records = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            AcceptedEvent accepted =
                    AcceptedEvent.of(workspaceId, now, mix.next().toProductEvent(now));
            records.add(serializer.serialize(Topics.EVENTS.name(), accepted));
        }
        return records;
    }

    static Result run(String bootstrap, String topic, String key, List<byte[]> records, Duration duration)
            throws InterruptedException {
        LongAdder acknowledged = new LongAdder();
        // Bounded in flight, as the gateway is by its clients: the producer's buffer stays moderate.
        Semaphore inFlight = new Semaphore(50_000);
        long bytes = records.stream().mapToLong(r -> r.length).sum();
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                gatewayProducerSettings(bootstrap), new StringSerializer(), new ByteArraySerializer())) {
            long start = System.nanoTime();
            long end = start + duration.toNanos();
            int i = 0;
            while (System.nanoTime() < end) {
                inFlight.acquire();
                producer.send(new ProducerRecord<>(topic, key, records.get(i++ % records.size())), (m, e) -> {
                    if (e == null) {
                        acknowledged.increment();
                    }
                    inFlight.release();
                });
            }
            producer.flush();
            inFlight.tryAcquire(50_000, 30, TimeUnit.SECONDS);
            return new Result(
                    acknowledged.sum(), Duration.ofNanos(System.nanoTime() - start), (double) bytes / records.size());
        }
    }
}
