package dev.spendline.query.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.spendline.contracts.validation.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ask body is exactly {"question": "<text>"}; everything else is refused with every problem. */
class AskRequestReaderTest {

    private static List<String> pointers(String body) {
        InvalidQuestionException e = catchThrowableOfType(
                InvalidQuestionException.class,
                () -> AskRequestReader.read(body == null ? null : body.getBytes(StandardCharsets.UTF_8)));
        assertThat(e).as(body).isNotNull();
        return e.errors().stream().map(FieldError::pointer).toList();
    }

    @Test
    void readsTheQuestion() {
        assertThat(AskRequestReader.read("{\"question\": \"spend by feature\"}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("spend by feature");
        String longest = "x".repeat(AskRequestReader.MAX_LENGTH);
        assertThat(AskRequestReader.read(("{\"question\": \"" + longest + "\"}").getBytes(StandardCharsets.UTF_8)))
                .hasSize(500);
    }

    @Test
    void refusesEveryMalformedBody() {
        assertThat(pointers(null)).containsExactly("");
        assertThat(pointers("")).containsExactly("");
        assertThat(pointers("{\"question\": ")).containsExactly("");
        assertThat(pointers("[\"spend\"]")).containsExactly("");
        assertThat(pointers("\"spend\"")).containsExactly("");
        assertThat(pointers("{}")).containsExactly("/question");
        assertThat(pointers("{\"question\": null}")).containsExactly("/question");
        assertThat(pointers("{\"question\": 42}")).containsExactly("/question");
        assertThat(pointers("{\"question\": \"  \"}")).containsExactly("/question");
        assertThat(pointers("{\"question\": \"" + "x".repeat(501) + "\"}")).containsExactly("/question");
        assertThat(pointers("{\"question\": \"spend\", \"q/x\": 1}")).containsExactly("/q~1x");
        assertThat(pointers("{\"text\": \"spend\"}")).containsExactlyInAnyOrder("/text", "/question");
        assertThat(pointers("{\"question\": \"and last month?\", \"context\": 7}"))
                .containsExactly("/context");
    }

    @Test
    void readsTheContextOfAFollowUp() {
        AskRequestReader.AskRequest request = AskRequestReader.request(
                "{\"question\": \"and last month?\", \"context\": \"v1.abc.def\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(request.question()).isEqualTo("and last month?");
        assertThat(request.context()).isEqualTo("v1.abc.def");
        assertThat(AskRequestReader.request(
                                "{\"question\": \"spend\", \"context\": null}".getBytes(StandardCharsets.UTF_8))
                        .context())
                .isNull();
    }
}
