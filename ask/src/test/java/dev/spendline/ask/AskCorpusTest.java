package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.tools.ReadTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Every question of the corpus through the real interpreter: the same tool and exactly the same
 * arguments as the corpus expects (arguments that also validate against the tool's published
 * input schema), the expected notes, or {@code answered: false} with a reason.
 */
class AskCorpusTest {

    private static final Path SCHEMAS = Path.of("..", "docs", "schemas", "tools");
    private static final SchemaRegistry REGISTRY =
            SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

    static List<AskCorpus.Entry> entries() {
        return AskCorpus.entries();
    }

    private static Interpretation read(String question) {
        return new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC).interpret(question);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void readsTheQuestionAsTheCorpusSays(AskCorpus.Entry entry) {
        Interpretation reading = read(entry.question());
        String context = "reading: " + reading;
        assertThat(reading.answered()).as(context).isEqualTo(entry.answered());
        if (entry.answered()) {
            assertThat(reading.call().name()).as(context).isEqualTo(entry.tool());
            assertThat((JsonNode) Json.MAPPER.valueToTree(reading.call().arguments()))
                    .as(context)
                    .isEqualTo(entry.arguments());
            assertThat(reading.reading()).startsWith("Read as: ");
        } else {
            assertThat(reading.reason()).as(context).isNotBlank();
            assertWrite(entry, reading, context);
        }
        for (String note : entry.notes()) {
            assertThat(reading.notes()).as(context).anySatisfy(n -> assertThat(n)
                    .contains(note));
        }
    }

    /** A change asked for: exactly the create_budget request, or the reply, as the corpus says; never prepared. */
    private static void assertWrite(AskCorpus.Entry entry, Interpretation reading, String context) {
        WriteIntent write = reading.write();
        if (entry.write() != null) {
            assertThat(write).as(context).isNotNull();
            assertThat(write.budget()).as(context).isNotNull();
            // As JSON text: the limit is a BigDecimal here and an integer in the corpus when whole.
            assertThat(Json.MAPPER.writeValueAsString(write.budget().request()))
                    .as(context)
                    .isEqualTo(entry.write().toString());
        } else if (entry.reply() != null) {
            assertThat(write).as(context).isNotNull();
            assertThat(write.budget()).as(context).isNull();
            assertThat(write.reply()).as(context).contains(entry.reply());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void theArgumentsAreValidInputOfTheToolSchema(AskCorpus.Entry entry) throws IOException {
        Interpretation reading = read(entry.question());
        if (!reading.answered()) {
            return;
        }
        JsonNode schema = Json.MAPPER.readTree(
                Files.readString(SCHEMAS.resolve(reading.call().tool().inputSchemaFile())));
        List<Error> errors = REGISTRY.getSchema(schema)
                .validate(
                        Json.MAPPER.valueToTree(reading.call().arguments()),
                        context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)));
        assertThat(errors).isEmpty();
        assertThat(reading.call().problems()).isEmpty();
    }

    @Test
    void theCorpusCoversEveryToolAndAtLeastFifteenUnanswerableQuestions() {
        List<AskCorpus.Entry> entries = AskCorpus.entries();
        assertThat(entries).hasSizeGreaterThanOrEqualTo(150);
        assertThat(entries.stream().filter(e -> !e.answered()).count()).isGreaterThanOrEqualTo(15);
        Set<String> tools = entries.stream()
                .filter(AskCorpus.Entry::answered)
                .map(AskCorpus.Entry::tool)
                .collect(Collectors.toSet());
        assertThat(tools)
                .containsExactlyInAnyOrderElementsOf(java.util.Arrays.stream(ReadTool.values())
                        .map(ReadTool::toolName)
                        .toList());
        Set<String> byValues = entries.stream()
                .filter(e -> e.answered() && e.tool().equals("spend_by"))
                .map(e -> e.arguments().get("usage").asString() + ":"
                        + e.arguments().get("by").asString())
                .collect(Collectors.toSet());
        for (var d : dev.spendline.contracts.query.Dimension.values()) {
            assertThat(byValues).as("a question by " + d).contains(d.kind().wireName() + ":" + d.wireName());
        }
        assertThat(entries.stream().map(AskCorpus.Entry::question).distinct().count())
                .as("no question twice")
                .isEqualTo(entries.size());
    }

    @Test
    void theSameQuestionIsAlwaysReadTheSameWay() {
        for (AskCorpus.Entry entry : AskCorpus.entries()) {
            assertThat(read(entry.question())).isEqualTo(read(entry.question()));
        }
    }

    @Test
    void onlyUtcIsAcceptedAsTheWorkspaceZone() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new QuestionInterpreter(
                        AskCorpus.VOCABULARY, AskCorpus.NOW, java.time.ZoneId.of("Europe/Paris")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Map.of()).isEmpty();
    }
}
