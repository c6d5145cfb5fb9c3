package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.batch;
import static dev.spendline.standalone.SpendlineHttp.calls;
import static dev.spendline.standalone.SpendlineHttp.event;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.deadletter.DeadLettersQuery;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.streams.app.StreamsRunner;
import dev.spendline.streams.deadletter.DeadLetters;
import dev.spendline.topics.Topics;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * One bad record never stops the pipeline (issue #28), against a running standalone (real
 * embedded broker, exactly-once): records that cannot be read or break the gateway's invariants,
 * written straight to the events and internal-usage topics, become dead letters; every other
 * workspace's reports keep answering, exactly; the owning workspace's count says how many; a
 * restart on the same data directory does not replay them; re-drive writes them back. And
 * {@code /readyz} answers 200 only once Kafka Streams runs.
 */
class PoisonRecordIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);

    private Path dataDir;
    private int port;
    private int internalPort;
    private Standalone spendline;

    @AfterEach
    void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void poisonRecordsAreDeadLettersAndEveryOtherWorkspaceKeepsItsExactReports() throws Exception {
        dataDir = Files.createTempDirectory("spendline-poison-it");
        port = FreePorts.loopback();
        internalPort = FreePorts.loopback();
        List<String> probes = startWatchingReadiness();

        // /readyz said 503 while Kafka Streams was not running yet, and 200 only once it was.
        assertThat(spendline.ready()).isTrue();
        assertThat(streamsState()).isEqualTo(KafkaStreams.State.RUNNING);
        assertThat(probes).contains("503").noneMatch(p -> p.startsWith("200 ") && !p.equals("200 RUNNING"));

        SpendlineHttp http = new SpendlineHttp(spendline.baseUrl());
        String good = newWorkspaceKey();
        String bad = spendline
                .context()
                .getBean(WorkspaceRepository.class)
                .create("poisoned " + UUID.randomUUID(), Plan.FREE)
                .id();
        assertThat(http.post(
                                "/api/v1/events",
                                good,
                                batch(List.of(event("g-1", "search", "1.00"), event("g-2", "chat", "0.50"))))
                        .status())
                .isEqualTo(202);
        assertThat(calls(http.awaitReport(good, EVENTUALLY, r -> calls(r) == 2)))
                .isEqualTo(2);

        List<String> reasons = writePoison(bad);

        // The pipeline goes on: the good workspace's next events count, exactly.
        assertThat(http.post("/api/v1/events", good, event("g-3", "search", "0.25"))
                        .status())
                .isEqualTo(202);
        JsonNode report = http.awaitReport(good, EVENTUALLY, r -> calls(r) == 3);
        assertThat(calls(report)).isEqualTo(3);
        assertThat(report.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("1.75");
        assertThat(streamsState()).isEqualTo(KafkaStreams.State.RUNNING);

        List<ConsumerRecord<String, byte[]>> deadLetters = awaitDeadLetters(reasons.size());
        assertThat(deadLetters).allSatisfy(d -> {
            assertThat(d.key()).isEqualTo(bad);
            assertThat(DeadLetters.header(d.headers(), DeadLetters.HEADER_WORKSPACE))
                    .isEqualTo(bad);
            assertThat(DeadLetters.header(d.headers(), DeadLetters.HEADER_OFFSET))
                    .isNotNull();
            assertThat(DeadLetters.header(d.headers(), DeadLetters.HEADER_PARTITION))
                    .isEqualTo(String.valueOf(d.partition()));
        });
        assertThat(deadLetters)
                .extracting(d -> DeadLetters.header(d.headers(), DeadLetters.HEADER_REASON))
                .containsExactlyInAnyOrderElementsOf(reasons);
        assertThat(deadLetters)
                .extracting(d -> DeadLetters.header(d.headers(), DeadLetters.HEADER_TOPIC))
                .containsOnly(Topics.EVENTS.name(), Topics.INTERNAL_USAGE.name());
        assertThat(awaitCount(bad, reasons.size()).count()).isEqualTo(reasons.size());
        String metrics = new SpendlineHttp(spendline.internalUrl())
                .get("/actuator/prometheus", null)
                .raw()
                .body();
        assertThat(metrics)
                .contains("spendline_dead_letters_total{reason=\"invalid\",topic=\"spendline.events.v1\"} 2.0");

        // A restart on the same data directory resumes after the dead letters: none is replayed.
        spendline.close();
        spendline = null;
        startWatchingReadiness();
        http = new SpendlineHttp(spendline.baseUrl());
        assertThat(calls(http.report(good).body())).isEqualTo(3);
        assertThat(http.post("/api/v1/events", good, event("g-4", "search", "0.125"))
                        .status())
                .isEqualTo(202);
        report = http.awaitReport(good, EVENTUALLY, r -> calls(r) == 4);
        assertThat(report.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("1.875");
        SpendlineHttp.sleep(1_000);
        assertThat(readDeadLetters()).hasSize(reasons.size());
        assertThat(awaitCount(bad, reasons.size()).count()).isEqualTo(reasons.size());

        // Re-drive writes them back where they came from; still broken, they are set aside again.
        StringWriter out = new StringWriter();
        // The command line as main runs it, with Spendline running on the data directory.
        int exit = StandaloneMain.commandLine()
                .setOut(new PrintWriter(out))
                .execute("redrive-dead-letters", "--data-dir", dataDir.toString(), "--workspace", bad);
        assertThat(exit).as(out.toString()).isZero();
        assertThat(out.toString()).contains("Re-drove " + reasons.size() + " dead letter(s)");
        assertThat(awaitDeadLetters(2 * reasons.size())).hasSize(2 * reasons.size());
        assertThat(awaitCount(bad, 2 * reasons.size()).count()).isEqualTo(2 * reasons.size());
        assertThat(calls(http.report(good).body())).isEqualTo(4);
    }

    /**
     * Starts the standalone while a thread asks {@code /readyz} and the streams state (the internal
     * port's health) every few milliseconds; returns what it saw, as {@code "503"} or {@code "200
     * STATE"}.
     */
    private List<String> startWatchingReadiness() throws InterruptedException {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        AtomicBoolean started = new AtomicBoolean();
        SpendlineHttp publicPort = new SpendlineHttp("http://127.0.0.1:" + port);
        SpendlineHttp internal = new SpendlineHttp("http://127.0.0.1:" + internalPort);
        Thread watcher = new Thread(() -> {
            while (!started.get()) {
                try {
                    int status = publicPort.get("/readyz", null).status();
                    if (status == 200) {
                        JsonNode health = internal.get("/actuator/health", null).body();
                        seen.add("200 "
                                + health.at("/components/streams/details/state").asString());
                    } else {
                        seen.add(String.valueOf(status));
                    }
                } catch (RuntimeException notListeningYet) {
                    // The server is not up yet.
                }
                SpendlineHttp.sleep(20);
            }
        });
        watcher.start();
        try {
            spendline = Standalone.start(dataDir, port, 0, 2, Map.of(Standalone.INTERNAL_PORT, internalPort));
        } finally {
            started.set(true);
            watcher.join();
        }
        return seen;
    }

    /** Records no gateway would write, straight to the topics; returns the reason each should get. */
    private List<String> writePoison(String workspace) throws Exception {
        String noTs =
                "{\"schemaVersion\":1,\"workspaceId\":\"" + workspace + "\",\"receivedAt\":\"2026-11-20T10:00:00Z\","
                        + "\"event\":{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":1,\"outputTokens\":1,"
                        + "\"costUsd\":1.5}}";
        String negative = noTs.replace("\"costUsd\":1.5}", "\"costUsd\":-1.5,\"ts\":\"2026-11-20T10:00:00Z\"}");
        String usageNoTs =
                "{\"schemaVersion\":1,\"workspaceId\":\"" + workspace + "\",\"receivedAt\":\"2026-11-20T10:00:00Z\","
                        + "\"row\":{\"sourceKey\":\"laptop\",\"sourceKind\":\"collector\",\"tool\":\"codex\","
                        + "\"employeeEmail\":\"ann@example.com\",\"inputTokens\":10,\"cachedInputTokens\":0,\"outputTokens\":5,"
                        + "\"costUsd\":0.5}}";
        // The standalone's broker requires its credentials: this test writes as a Spendline client would.
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(
                spendline.kafkaClientSettings().config(), new StringSerializer(), new ByteArraySerializer())) {
            send(producer, Topics.EVENTS.name(), workspace, noTs);
            send(producer, Topics.EVENTS.name(), workspace, "{not json");
            send(producer, Topics.EVENTS.name(), workspace, negative);
            send(producer, Topics.INTERNAL_USAGE.name(), workspace, usageNoTs);
            send(producer, Topics.INTERNAL_USAGE.name(), workspace, "[1,2,3]");
        }
        return List.of(
                DeadLetters.REASON_INVALID,
                DeadLetters.REASON_UNREADABLE,
                DeadLetters.REASON_INVALID,
                DeadLetters.REASON_INVALID,
                DeadLetters.REASON_UNREADABLE);
    }

    private static void send(KafkaProducer<String, byte[]> producer, String topic, String key, String value)
            throws Exception {
        producer.send(new ProducerRecord<>(topic, key, value.getBytes(StandardCharsets.UTF_8)))
                .get();
    }

    private List<ConsumerRecord<String, byte[]>> awaitDeadLetters(int expected) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        List<ConsumerRecord<String, byte[]>> all = readDeadLetters();
        while (all.size() < expected && System.nanoTime() < deadline) {
            SpendlineHttp.sleep(200);
            all = readDeadLetters();
        }
        return all;
    }

    /** Every committed record of the dead-letter topic. */
    private List<ConsumerRecord<String, byte[]>> readDeadLetters() {
        Map<String, Object> config = spendline.kafkaClientSettings().config();
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(Topics.DEAD_LETTERS.name()).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.get(tp))
                    && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            return records;
        }
    }

    /** The count the workspace's settings page shows, through the same query interface. */
    private DeadLetterCount awaitCount(String workspace, long expected) {
        Queries queries = spendline.context().getBean(Queries.class);
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        DeadLetterCount last = null;
        while (System.nanoTime() < deadline) {
            try {
                last = queries.answer(QueryType.DEAD_LETTERS, new DeadLettersQuery(workspace));
                if (last.count() >= expected) {
                    return last;
                }
            } catch (QueryUnavailableException e) {
                // Rebalancing: ask again.
            }
            SpendlineHttp.sleep(200);
        }
        return last;
    }

    private KafkaStreams.State streamsState() {
        return spendline.context().getBean(StreamsRunner.class).streams().state();
    }

    private String newWorkspaceKey() {
        var ctx = spendline.context();
        String ws = ctx.getBean(WorkspaceRepository.class)
                .create("it " + UUID.randomUUID(), Plan.FREE)
                .id();
        return ctx.getBean(ApiKeyRepository.class).issue(ws, "it").secret();
    }
}
