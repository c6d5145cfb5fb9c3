package dev.spendline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.AcceptedEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code src/test/resources/events-v1} equal to what the events topic's JSON serializer
 * wrote for {@link EventGoldenSet} before the binary format. Regenerate (only ever for new cases; an existing file is the
 * record of what was on the topic) with {@code -Dspendline.golden.write=true}.
 */
class EventGoldenFilesTest {

    static final Path DIRECTORY = Path.of("src/test/resources/events-v1");

    /** The serde that wrote the events topic before issue #29 (the files were written with it). */
    static final Serde<AcceptedEvent> JSON = new JsonSerde<>(AcceptedEvent.class);

    static Path file(String name) {
        return DIRECTORY.resolve(name + ".json");
    }

    @Test
    void eachFileHoldsExactlyTheBytesTheJsonSerializerWrites() throws IOException {
        boolean write = Boolean.getBoolean("spendline.golden.write");
        for (Map.Entry<String, AcceptedEvent> c : EventGoldenSet.cases().entrySet()) {
            byte[] bytes = JSON.serializer().serialize(Topics.EVENTS.name(), c.getValue());
            if (write && !Files.exists(file(c.getKey()))) {
                Files.write(file(c.getKey()), bytes);
            }
            assertThat(Files.readAllBytes(file(c.getKey()))).as(c.getKey()).isEqualTo(bytes);
        }
    }

    @Test
    void eachFileReadsBackAsItsCase() throws IOException {
        for (Map.Entry<String, AcceptedEvent> c : EventGoldenSet.cases().entrySet()) {
            byte[] bytes = Files.readAllBytes(file(c.getKey()));
            assertThat(JSON.deserializer().deserialize(Topics.EVENTS.name(), bytes))
                    .as(c.getKey())
                    .isEqualTo(c.getValue());
        }
    }

    @Test
    void theDirectoryHoldsOnlyTheCases() throws IOException {
        try (Stream<Path> files = Files.list(DIRECTORY)) {
            assertThat(files.map(p -> p.getFileName().toString().replaceFirst("\\.json$", "")))
                    .containsExactlyInAnyOrderElementsOf(EventGoldenSet.cases().keySet())
                    .hasSize(64);
        }
    }
}
