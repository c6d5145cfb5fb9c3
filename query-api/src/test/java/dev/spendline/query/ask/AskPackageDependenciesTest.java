package dev.spendline.query.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Ask's HTTP glue may use the dashboard (the Ask page is one of its views), never the other way
 * round: the dashboard does not import {@code query.ask}, so the two packages form no cycle. The
 * reading itself is the {@code ask} module, which imports neither (its own dependency test).
 */
class AskPackageDependenciesTest {

    private static final Path MAIN = Path.of("src", "main", "java", "dev", "spendline", "query");

    @Test
    void theDashboardDoesNotImportAsksHttpGlue() throws IOException {
        List<Path> dashboard = sources(MAIN.resolve("dashboard"));
        assertThat(dashboard).as("dashboard sources").isNotEmpty();
        for (Path file : dashboard) {
            assertThat(Files.readString(file)).as(file.toString()).doesNotContain("dev.spendline.query.ask.");
        }
    }

    @Test
    void asksHttpGlueHoldsNoReadingOfItsOwn() throws IOException {
        List<String> names = sources(MAIN.resolve("ask")).stream()
                .map(p -> p.getFileName().toString())
                .toList();
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "AskConfiguration.java",
                        "AskController.java",
                        "AskPageController.java",
                        "AskRequestReader.java",
                        "InvalidQuestionException.java",
                        "VocabularyCache.java");
    }

    private static List<Path> sources(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        }
    }
}
