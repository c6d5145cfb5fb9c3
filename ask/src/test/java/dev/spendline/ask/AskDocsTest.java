package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/ask.md lists exactly the corpus: each documented phrasing is checked by AskCorpusTest. The
 * service's own figures (question length, vocabulary lookback) are checked in query-api's
 * {@code AskServiceDocsTest}.
 */
class AskDocsTest {

    private static final Path DOC = Path.of("..", "docs", "ask.md");
    private static final Pattern ITEM = Pattern.compile("^- `(.+?)`(?: → `([a-z_]+)`)?$");

    private static List<String> section(String name) throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        int start = lines.indexOf("<!-- " + name + ":start -->");
        int end = lines.indexOf("<!-- " + name + ":end -->");
        assertThat(start).as(name + " markers").isNotNegative().isLessThan(end);
        List<String> items = new ArrayList<>();
        for (String line : lines.subList(start + 1, end)) {
            Matcher m = ITEM.matcher(line);
            assertThat(m.matches()).as(line).isTrue();
            items.add(m.group(2) == null ? m.group(1) : m.group(1) + " → " + m.group(2));
        }
        return items;
    }

    @Test
    void theDocumentedPhrasingsAreTheCorpusWithTheirTools() throws IOException {
        assertThat(section("corpus"))
                .containsExactlyElementsOf(AskCorpus.entries().stream()
                        .filter(AskCorpus.Entry::answered)
                        .map(e -> e.question() + " → " + e.tool())
                        .toList());
    }

    @Test
    void theDocumentedUnanswerableQuestionsAreTheCorpusOnes() throws IOException {
        assertThat(section("unanswered"))
                .containsExactlyElementsOf(AskCorpus.entries().stream()
                        .filter(e -> !e.answered())
                        .map(AskCorpus.Entry::question)
                        .toList());
    }

    @Test
    void theDocumentedDefaultsAreTheInterpreters() throws IOException {
        String doc = Files.readString(DOC);
        assertThat(doc)
                .contains("**last " + QuestionInterpreter.DEFAULT_DAYS + " days**")
                .contains("**" + QuestionInterpreter.DEFAULT_LIMIT + "** for spend");
        for (String example : AskExamples.QUESTIONS) {
            assertThat(AskCorpus.entries())
                    .extracting(AskCorpus.Entry::question)
                    .contains(example);
        }
    }
}
