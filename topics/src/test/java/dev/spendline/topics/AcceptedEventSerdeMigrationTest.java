package dev.spendline.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The events topic after issue #29: the JSON records older versions wrote (the golden files) read
 * exactly as the JSON serde read them, and the same event in the binary format reads back equal.
 */
class AcceptedEventSerdeMigrationTest {

    static final String TOPIC = Topics.EVENTS.name();
    static final Serializer<AcceptedEvent> WRITE = Topics.EVENTS.valueSerde().serializer();
    static final Deserializer<AcceptedEvent> READ = Topics.EVENTS.valueSerde().deserializer();
    static final Deserializer<AcceptedEvent> OLD_READ = new JsonSerde<>(AcceptedEvent.class).deserializer();

    static List<Path> goldenFiles() throws IOException {
        try (Stream<Path> files = Files.list(EventGoldenFilesTest.DIRECTORY)) {
            return files.sorted().toList();
        }
    }

    @Test
    void everyGoldenJsonRecordReadsAsTheJsonSerdeReadIt() throws IOException {
        List<Path> files = goldenFiles();
        assertThat(files).hasSize(64);
        for (Path file : files) {
            byte[] json = Files.readAllBytes(file);
            AcceptedEvent read = READ.deserialize(TOPIC, json);
            assertThat(read).as(file.toString()).isEqualTo(OLD_READ.deserialize(TOPIC, json));
            String name = file.getFileName().toString().replaceFirst("\\.json$", "");
            assertThat(read).as(name).isEqualTo(EventGoldenSet.cases().get(name));
            assertThat(read.schemaVersion()).isEqualTo(AcceptedEvent.SCHEMA_VERSION);
        }
    }

    @Test
    void everyGoldenRecordRewrittenInTheBinaryFormatReadsBackEqual() throws IOException {
        for (Path file : goldenFiles()) {
            byte[] json = Files.readAllBytes(file);
            AcceptedEvent fromJson = READ.deserialize(TOPIC, json);
            byte[] binary = WRITE.serialize(TOPIC, fromJson);
            assertThat(binary[0]).isEqualTo(AcceptedEventCodec.MAGIC);
            assertThat(binary[1]).isEqualTo((byte) AcceptedEventCodec.FORMAT_VERSION);
            AcceptedEvent fromBinary = READ.deserialize(TOPIC, binary);
            assertThat(fromBinary).as(file.toString()).isEqualTo(fromJson);
            assertThat(fromBinary.event().costUsd().toString())
                    .as(file.toString())
                    .isEqualTo(fromJson.event().costUsd().toString());
            assertThat(binary.length).as(file.toString()).isLessThan(json.length);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {" ", "\n", "\r\n", "\t", " \n\t\r "})
    void readsJsonAfterLeadingWhitespace(String whitespace) throws IOException {
        byte[] json = Files.readAllBytes(EventGoldenFilesTest.file("full"));
        byte[] padded = (whitespace + new String(json, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertThat(READ.deserialize(TOPIC, padded))
                .isEqualTo(EventGoldenSet.cases().get("full"));
    }

    @Test
    void refusesAnUnknownFormatVersion() {
        byte[] bytes = WRITE.serialize(TOPIC, EventGoldenSet.cases().get("full"));
        bytes[1] = 3;
        assertThatThrownBy(() -> READ.deserialize(TOPIC, bytes))
                .isExactlyInstanceOf(SerializationException.class)
                .hasMessage("Not a valid AcceptedEvent on topic spendline.events.v1: "
                        + "unknown accepted event format version 3 (this version reads 2)");
    }

    @Test
    void refusesATruncatedBinaryRecord() {
        byte[] bytes = WRITE.serialize(TOPIC, EventGoldenSet.cases().get("full"));
        for (int length = 1; length < bytes.length; length++) {
            byte[] prefix = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> READ.deserialize(TOPIC, prefix))
                    .isExactlyInstanceOf(SerializationException.class)
                    .hasMessageStartingWith("Not a valid AcceptedEvent on topic spendline.events.v1: ");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"not json", "[1,2,3]", "42", "null", "\"text\"", "\u00EF\u00BB\u00BF{}"})
    void refusesWhatIsNeitherJsonObjectNorBinary(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> READ.deserialize(TOPIC, bytes))
                .isExactlyInstanceOf(SerializationException.class)
                .hasMessage("Not a valid AcceptedEvent on topic spendline.events.v1: starts with byte 0x%02X, "
                                .formatted(bytes[0] & 0xFF)
                        + "neither JSON nor the binary format");
    }

    @Test
    void refusesAnEmptyValueAsTheJsonSerdeDid() {
        assertThatThrownBy(() -> READ.deserialize(TOPIC, new byte[0]))
                .isExactlyInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Not a valid AcceptedEvent on topic spendline.events.v1");
    }

    @Test
    void refusesToWriteWhatTheBinaryFormatCannotHold() {
        AcceptedEvent unpaired =
                new AcceptedEvent(1, "ws-\uD800", EventGoldenSet.RECEIVED_AT, EventGoldenSet.minimal());
        assertThatThrownBy(() -> WRITE.serialize(TOPIC, unpaired))
                .isExactlyInstanceOf(SerializationException.class)
                .hasMessage("Cannot write AcceptedEvent to topic spendline.events.v1: "
                        + "workspaceId holds an unpaired surrogate at index 3");
    }
}
