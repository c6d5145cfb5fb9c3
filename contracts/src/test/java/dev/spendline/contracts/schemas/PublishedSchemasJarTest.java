package dev.spendline.contracts.schemas;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The jar carries each published schema exactly as docs/schemas holds it (the one copy). */
class PublishedSchemasJarTest {

    @ParameterizedTest
    @EnumSource(PublishedSchemas.class)
    void theJarsCopyIsTheDocsFileByteForByte(PublishedSchemas schema) throws IOException {
        assertThat(schema.text()).isEqualTo(Files.readString(Path.of("..", "docs", "schemas", schema.fileName())));
        assertThat(PublishedSchemas.ofFile(schema.fileName())).isSameAs(schema);
    }

    @org.junit.jupiter.api.Test
    void aFileThatIsNoneOfThemIsNamedNone() {
        assertThat(PublishedSchemas.ofFile("accepted-event.schema.json")).isNull();
    }
}
