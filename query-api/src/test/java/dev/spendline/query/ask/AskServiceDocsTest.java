package dev.spendline.query.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/ask.md states the service's own figures as they are: the longest question accepted and how
 * long the names of a workspace are looked back and kept. The reading's defaults and the corpus are
 * checked by the ask module's {@code AskDocsTest}.
 */
class AskServiceDocsTest {

    private static final Path DOC = Path.of("..", "docs", "ask.md");

    @Test
    void theDocumentedLimitsAreTheServices() throws IOException {
        assertThat(Files.readString(DOC))
                .contains("**" + AskRequestReader.MAX_LENGTH + " characters**")
                .contains("last **" + VocabularyCache.LOOKBACK.toDays() + " days**")
                .contains("**" + VocabularyCache.FRESH.toSeconds() + " seconds**");
    }
}
