package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import dev.spendline.contracts.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The events fast path against the general path it stands in for, on seeded random bodies: what it
 * accepts, the general path accepts too, and each record is byte for byte what
 * {@link AcceptedEventCodec#encode} makes of the general path's event; every kind of invalid body
 * is left to the general path (so its errors stay exactly as they were).
 */
class DirectEventReaderTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-26T19:30:00.123456789Z");
    static final String WORKSPACE = "ws_7f3a";
    static final int MAX_ITEMS = 50;

    final DirectEventReader direct = new DirectEventReader(MAX_ITEMS, 32);
    final RequestJson json = new RequestJson(32);
    final BatchParser batches = new BatchParser(MAX_ITEMS);

    /** The general path's records, or null when it refuses the body (with any error). */
    List<byte[]> general(String body) {
        JsonNode root;
        try {
            root = json.parse(body.getBytes(StandardCharsets.UTF_8));
        } catch (ProblemException malformed) {
            return null;
        }
        if (batches.parse(root, IngestKind.EVENTS, WORKSPACE, RECEIVED_AT)
                instanceof BatchParser.Accepted<AcceptedEvent> accepted) {
            return accepted.values().stream().map(AcceptedEventCodec::encode).toList();
        }
        return null;
    }

    byte[][] fast(String body) {
        return direct.read(body.getBytes(StandardCharsets.UTF_8), WORKSPACE, RECEIVED_AT);
    }

    @Test
    void encodesEveryValidEventExactlyAsTheCodecDidSingleAndBatched() {
        Random random = new Random(29);
        int events = 0;
        for (int round = 0; round < 3_000; round++) {
            int items = random.nextInt(4) == 0 ? 1 + random.nextInt(MAX_ITEMS) : 1;
            List<String> objects = new ArrayList<>();
            for (int i = 0; i < items; i++) {
                objects.add(RandomEvents.valid(random));
            }
            String body = items == 1 && random.nextBoolean() ? objects.get(0) : RandomEvents.batch(objects, random);

            List<byte[]> expected = general(body);
            assertThat(expected).as("the general path accepts %s", body).isNotNull();
            byte[][] actual = fast(body);
            assertThat(actual).as("the fast path takes %s", body).isNotNull();
            assertThat(actual.length).isEqualTo(expected.size());
            for (int i = 0; i < actual.length; i++) {
                assertThat(actual[i]).as("record %d of %s", i, body).isEqualTo(expected.get(i));
            }
            events += actual.length;
        }
        assertThat(events).isGreaterThan(10_000);
    }

    @Test
    void leavesEveryInvalidBodyToTheGeneralPath() {
        Random random = new Random(2029);
        int refused = 0;
        for (int round = 0; round < 4_000; round++) {
            String event = RandomEvents.invalid(random);
            String body = random.nextBoolean()
                    ? event
                    : RandomEvents.batch(List.of(RandomEvents.valid(random), event), random);
            assertThat(general(body)).as("the general path refuses %s", body).isNull();
            assertThat(fast(body)).as("the fast path leaves %s", body).isNull();
            refused++;
        }
        assertThat(refused).isEqualTo(4_000);
    }

    @Test
    void leavesBodiesOfTheWrongShapeToTheGeneralPath() {
        String event = RandomEvents.valid(new Random(1));
        List<String> bodies = new ArrayList<>(List.of(
                "",
                " ",
                "[]",
                "[" + event + "]",
                "null",
                "42",
                "\"text\"",
                "{}",
                "{\"events\":[]}",
                "{\"events\":{}}",
                "{\"events\":null}",
                "{\"events\":[" + event + ",1]}",
                "{\"events\":[" + event + "],\"extra\":1}",
                "{\"extra\":1,\"events\":[" + event + "]}",
                "{\"events\":[" + event + "],\"events\":[" + event + "]}",
                "{\"events\":[" + event + "]} {}",
                event + " x",
                event + event,
                event.substring(0, event.length() - 1),
                "{\"events\":[" + event + "]"));
        bodies.add("{\"events\":[" + String.join(",", Collections.nCopies(MAX_ITEMS + 1, event)) + "]}");
        for (String body : bodies) {
            assertThat(general(body)).as("the general path refuses %s", body).isNull();
            assertThat(fast(body)).as("the fast path leaves %s", body).isNull();
        }
        // The limit itself is accepted by both.
        String full = "{\"events\":[" + String.join(",", Collections.nCopies(MAX_ITEMS, event)) + "]}";
        assertThat(general(full)).hasSize(MAX_ITEMS);
        assertThat(fast(full).length).isEqualTo(MAX_ITEMS);
    }

    @Test
    void writtenNumbersTheGeneralPathAcceptsButTheFastPathDoesNotDecideStillGoThere() {
        // 5.0 and 5e0 are whole numbers to the general path; the fast path only reads integers.
        String body = "{\"provider\":\"openai\",\"model\":\"m\",\"promptTokens\":5.0,\"outputTokens\":1,\"costUsd\":0}";
        assertThat(general(body)).hasSize(1);
        assertThat(fast(body)).isNull();
    }
}
