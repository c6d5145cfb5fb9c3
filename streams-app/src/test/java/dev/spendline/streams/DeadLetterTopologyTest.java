package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.deadletter.DeadLetterCount;
import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.usage.InternalUsageRow;
import dev.spendline.streams.deadletter.DeadLetterQueue;
import dev.spendline.streams.deadletter.DeadLetters;
import dev.spendline.streams.door.InvalidRecordException;
import dev.spendline.streams.spend.LocalSpendQueries;
import dev.spendline.topics.Topics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.internals.ExceptionHandlerUtils;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * One bad record never stops the pipeline (issue #28): a record that cannot be read, or breaks an
 * invariant the gateway guarantees, goes to {@code spendline.dead-letters.v1} with its coordinates
 * and the error, is counted for its workspace and in the metric, and the next record (of another
 * workspace) is processed exactly.
 *
 * <p>At least once, except {@link #underExactlyOnceTheDeadLetterIsCommittedWithTheSkip}: the test
 * driver's mock producer drops the uncommitted sends of a record that never reached a processor
 * (it clears them when it captures output), so an unreadable record's dead letter is only visible
 * here without transactions. The standalone's {@code PoisonRecordIT} checks both kinds under
 * exactly-once against a real broker.
 */
class DeadLetterTopologyTest {

    static final Instant T0 = Instant.parse("2026-11-02T00:00:00Z");
    static final Instant FAR_FUTURE = Instant.parse("2027-01-01T00:00:00Z");
    static final Clock QUERY_CLOCK = Clock.fixed(Instant.parse("2026-11-06T00:00:00Z"), ZoneOffset.UTC);
    static final String BAD = "ws_bad";
    static final String GOOD = "ws_good";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private TopologyTestDriver driver;
    private TestInputTopic<String, byte[]> rawEvents;
    private TestInputTopic<String, AcceptedEvent> events;
    private TestOutputTopic<String, byte[]> deadLetters;
    private LocalSpendQueries queries;

    @BeforeEach
    void start() {
        start(StreamsConfig.AT_LEAST_ONCE);
    }

    private void start(String guarantee) {
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "dead-letter-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, TopologyDrivers.freshStateDir());
        config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, guarantee);
        DeadLetterQueue.configure(config, registry);
        driver = new TopologyTestDriver(
                SpendlineTopology.build(new StreamsBuilder(), new TopologySettings(Duration.ofDays(35))), config);
        rawEvents = driver.createInputTopic(Topics.EVENTS.name(), new StringSerializer(), new ByteArraySerializer());
        events = TopologyDrivers.input(driver, Topics.EVENTS);
        deadLetters = driver.createOutputTopic(
                Topics.DEAD_LETTERS.name(), new StringDeserializer(), new ByteArrayDeserializer());
        queries = new LocalSpendQueries(TopologyDrivers.rollups(driver), QUERY_CLOCK);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void anEventWithoutTsIsADeadLetterAndTheNextWorkspaceCountsExactly() {
        ObjectNode json = Json.MAPPER.valueToTree(event(BAD, "1.00", 100));
        ((ObjectNode) json.get("event")).remove("ts");
        byte[] value = Json.MAPPER.writeValueAsBytes(json);
        RecordHeaders headers = new RecordHeaders();
        headers.add("traceparent", "00-abc-01".getBytes(StandardCharsets.UTF_8));
        rawEvents.pipeInput(new TestRecord<>(BAD, value, headers, T0));
        events.pipeInput(GOOD, event(GOOD, "0.25", 100), T0);

        TestRecord<String, byte[]> dead = deadLetters.readRecord();
        assertThat(dead.key()).isEqualTo(BAD);
        assertThat(dead.value()).isEqualTo(value);
        assertThat(header(dead, "traceparent")).isEqualTo("00-abc-01");
        assertThat(header(dead, DeadLetters.HEADER_TOPIC)).isEqualTo("spendline.events.v1");
        assertThat(header(dead, DeadLetters.HEADER_PARTITION)).isEqualTo("0");
        assertThat(header(dead, DeadLetters.HEADER_OFFSET)).isEqualTo("0");
        assertThat(header(dead, DeadLetters.HEADER_EXCEPTION)).isEqualTo(InvalidRecordException.class.getName());
        assertThat(header(dead, DeadLetters.HEADER_MESSAGE)).isEqualTo("event has no ts");
        assertThat(header(dead, DeadLetters.HEADER_REASON)).isEqualTo(DeadLetters.REASON_INVALID);
        assertThat(header(dead, DeadLetters.HEADER_WORKSPACE)).isEqualTo(BAD);
        assertThat(deadLetters.isEmpty()).isTrue();

        assertThat(spend(GOOD).totals().calls()).isEqualTo(1);
        assertThat(spend(GOOD).totals().costUsd()).isEqualByComparingTo("0.25");
        assertThat(spend(BAD).totals().calls()).isZero();
        assertThat(count(BAD).count()).isEqualTo(1);
        assertThat(count(BAD).firstAt()).isEqualTo(T0);
        assertThat(count(BAD).lastReason()).isEqualTo("invalid");
        assertThat(count(GOOD)).isNull();
        assertThat(registry.counter("spendline.dead.letters", "topic", "spendline.events.v1", "reason", "invalid")
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    void underExactlyOnceTheDeadLetterIsCommittedWithTheSkip() {
        driver.close();
        start(StreamsConfig.EXACTLY_ONCE_V2);
        events.pipeInput(BAD, event(BAD, "1.00", -1), T0);
        events.pipeInput(GOOD, event(GOOD, "0.25", 100), T0);

        assertThat(deadLetters.readRecord().key()).isEqualTo(BAD);
        assertThat(spend(GOOD).totals().costUsd()).isEqualByComparingTo("0.25");
        assertThat(count(BAD).count()).isEqualTo(1);
    }

    @Test
    void aValueThatIsNotJsonIsADeadLetter() {
        rawEvents.pipeInput(BAD, "{not json".getBytes(StandardCharsets.UTF_8), T0);
        events.pipeInput(GOOD, event(GOOD, "0.25", 100), T0);

        TestRecord<String, byte[]> dead = deadLetters.readRecord();
        assertThat(dead.key()).isEqualTo(BAD);
        assertThat(new String(dead.value(), StandardCharsets.UTF_8)).isEqualTo("{not json");
        assertThat(header(dead, DeadLetters.HEADER_REASON)).isEqualTo(DeadLetters.REASON_UNREADABLE);
        assertThat(header(dead, DeadLetters.HEADER_TOPIC)).isEqualTo("spendline.events.v1");
        assertThat(header(dead, DeadLetters.HEADER_OFFSET)).isEqualTo("0");
        assertThat(header(dead, DeadLetters.HEADER_EXCEPTION)).isNotBlank();
        assertThat(spend(GOOD).totals().costUsd()).isEqualByComparingTo("0.25");
        assertThat(count(BAD).count()).isEqualTo(1);
        assertThat(count(BAD).lastReason()).isEqualTo("unreadable");
    }

    @Test
    void anEventBreakingAnInvariantIsADeadLetterBeforeAnyStoreSeesIt() {
        events.pipeInput(BAD, event(BAD, "1.00", -5), T0);
        events.pipeInput(
                BAD, new AcceptedEvent(7, BAD, T0, event(BAD, "1.00", 5).event()), T0);
        events.pipeInput(GOOD, event(GOOD, "0.25", 100), T0);
        events.pipeInput(GOOD, event(GOOD, "0.50", 100), T0);

        List<TestRecord<String, byte[]>> dead = deadLetters.readRecordsToList();
        assertThat(dead)
                .extracting(r -> header(r, DeadLetters.HEADER_MESSAGE))
                .containsExactly("promptTokens is negative", "unknown schemaVersion 7 (this version reads 1)");
        assertThat(dead).extracting(r -> header(r, DeadLetters.HEADER_OFFSET)).containsExactly("0", "1");
        assertThat(spend(BAD).totals().calls()).isZero();
        assertThat(spend(GOOD).totals().calls()).isEqualTo(2);
        assertThat(spend(GOOD).totals().costUsd()).isEqualByComparingTo("0.75");
        assertThat(count(BAD).count()).isEqualTo(2);
    }

    @Test
    void aUsageRowWithoutTsIsADeadLetter() {
        TestInputTopic<String, AcceptedUsageRow> usage = TopologyDrivers.input(driver, Topics.INTERNAL_USAGE);
        usage.pipeInput(BAD, AcceptedUsageRow.of(BAD, T0, usageRow(null)), T0);
        usage.pipeInput(GOOD, AcceptedUsageRow.of(GOOD, T0, usageRow(T0)), T0);

        TestRecord<String, byte[]> dead = deadLetters.readRecord();
        assertThat(header(dead, DeadLetters.HEADER_TOPIC)).isEqualTo("spendline.internal-usage.v1");
        assertThat(header(dead, DeadLetters.HEADER_MESSAGE)).isEqualTo("usage row has no ts");
        assertThat(queries.spendBy(new SpendQuery(
                                GOOD, Dimension.EMPLOYEE.kind(), Dimension.EMPLOYEE, T0, FAR_FUTURE, Map.of(), 10))
                        .totals()
                        .costUsd())
                .isEqualByComparingTo("2.50");
        assertThat(count(BAD).count()).isEqualTo(1);
    }

    /** The settings topics have longer keys: the workspace is the part before the first \0. */
    @Test
    void anUnreadableBudgetIsADeadLetterOfItsWorkspace() {
        TestInputTopic<String, byte[]> budgets =
                driver.createInputTopic(Topics.BUDGETS.name(), new StringSerializer(), new ByteArraySerializer());
        budgets.pipeInput(BAD + "\u0000bud_1", "[]".getBytes(StandardCharsets.UTF_8), T0);
        events.pipeInput(GOOD, event(GOOD, "0.25", 100), T0);

        TestRecord<String, byte[]> dead = deadLetters.readRecord();
        assertThat(dead.key()).isEqualTo(BAD + "\u0000bud_1");
        assertThat(header(dead, DeadLetters.HEADER_TOPIC)).isEqualTo("spendline.budgets.v1");
        assertThat(header(dead, DeadLetters.HEADER_WORKSPACE)).isEqualTo(BAD);
        assertThat(spend(GOOD).totals().costUsd()).isEqualByComparingTo("0.25");
        assertThat(count(BAD).count()).isEqualTo(1);
    }

    /** Our header names are Kafka Streams' (copied so that re-drive does not depend on an internal class). */
    @Test
    void theHeaderNamesAreKafkaStreamsOwn() {
        assertThat(DeadLetters.HEADER_EXCEPTION).isEqualTo(ExceptionHandlerUtils.HEADER_ERRORS_EXCEPTION_NAME);
        assertThat(DeadLetters.HEADER_MESSAGE).isEqualTo(ExceptionHandlerUtils.HEADER_ERRORS_EXCEPTION_MESSAGE_NAME);
        assertThat(DeadLetters.HEADER_TOPIC).isEqualTo(ExceptionHandlerUtils.HEADER_ERRORS_TOPIC_NAME);
        assertThat(DeadLetters.HEADER_PARTITION).isEqualTo(ExceptionHandlerUtils.HEADER_ERRORS_PARTITION_NAME);
        assertThat(DeadLetters.HEADER_OFFSET).isEqualTo(ExceptionHandlerUtils.HEADER_ERRORS_OFFSET_NAME);
        assertThat(ExceptionHandlerUtils.HEADER_ERRORS_STACKTRACE_NAME).startsWith(DeadLetters.STREAMS_HEADER_PREFIX);
    }

    private SpendReport spend(String ws) {
        return queries.spendBy(
                new SpendQuery(ws, Dimension.FEATURE.kind(), Dimension.FEATURE, T0, FAR_FUTURE, Map.of(), 10));
    }

    private DeadLetterCount count(String ws) {
        return driver.<String, DeadLetterCount>getKeyValueStore(StoreNames.DEAD_LETTER_COUNTS)
                .get(ws);
    }

    private static String header(TestRecord<String, byte[]> record, String name) {
        return DeadLetters.header(record.headers(), name);
    }

    private static AcceptedEvent event(String ws, String cost, long promptTokens) {
        return AcceptedEvent.of(
                ws,
                T0,
                new ProductEvent(
                        "openai",
                        "gpt-4.1",
                        promptTokens,
                        50,
                        new BigDecimal(cost),
                        null,
                        null,
                        T0,
                        null,
                        null,
                        null,
                        null,
                        "success",
                        "search",
                        "t1",
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null));
    }

    private static InternalUsageRow usageRow(Instant ts) {
        return new InternalUsageRow(
                "laptop-1",
                null,
                "collector",
                "claude_code",
                "coding_agent",
                "ann@example.com",
                null,
                "platform",
                "anthropic",
                "claude-sonnet-4",
                1_000,
                100,
                200,
                "reported",
                ts,
                new BigDecimal("2.50"),
                "row-1");
    }
}
