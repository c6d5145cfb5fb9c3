package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.contracts.validation.FieldError;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The follow-up context: a round trip, and a clear 400 for every token Ask did not write as it is. */
class AskContextTest {

    private final Asker asker =
            new Asker(Reports.tools(), workspace -> AskCorpus.VOCABULARY, Clock.fixed(AskCorpus.NOW, ZoneOffset.UTC));

    private static AskContext spendByFeature() {
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("by", "feature");
        arguments.put("usage", "product");
        arguments.put("from", "2026-11-01");
        arguments.put("to", "2026-11-22");
        arguments.put("limit", 10);
        arguments.put("tenant", "acme");
        return new AskContext(ReadTool.SPEND_BY, arguments, new AskContext.Referent("tenant", "acme"));
    }

    @Test
    void aTokenReadsBackAsTheSameCallAndReferent() {
        AskContext context = spendByFeature();
        String token = context.encode();
        assertThat(token).startsWith("v1.").matches("[A-Za-z0-9._-]+").hasSizeLessThan(400);
        assertThat(AskContext.decode(token)).isEqualTo(context);
    }

    @Test
    void theReferentIsTheNamedValueElseTheFirstRow() {
        ToolCall named = spendByFeature().call();
        assertThat(Referents.of(named, null)).isEqualTo(new AskContext.Referent("tenant", "acme"));
        AskAnswer byCustomer = asker.ask("ws_1", null, "spend by customer this month", "", null);
        AskContext context = AskContext.decode(byCustomer.context());
        assertThat(context.that().dimension()).isEqualTo("tenant");
        assertThat(context.that().value()).isNotBlank();
    }

    @Test
    void refusesTokensThatAreCutEditedTooLongOrOfAnotherVersion() {
        String token = spendByFeature().encode();
        String[] parts = token.split("\\.");
        String edited =
                new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8).replace("acme", "hooli");
        String tampered = parts[0] + "."
                + Base64.getUrlEncoder().withoutPadding().encodeToString(edited.getBytes(StandardCharsets.UTF_8)) + "."
                + parts[2];
        assertThat(problem(tampered)).contains("was changed");
        assertThat(problem(token.substring(0, token.length() - 4))).contains("was changed");
        assertThat(problem("hello")).contains("was changed");
        assertThat(problem("v1.%%%.***")).contains("was changed");
        assertThat(problem("v9." + parts[1] + "." + parts[2])).contains("version 'v9'");
        assertThat(problem("v1." + "a".repeat(AskContext.MAX_LENGTH))).contains("at most 2048 characters");
    }

    @Test
    void anAnswerCarriesAContextAndAFollowUpChangesItsCall() {
        AskAnswer first = asker.ask("ws_1", null, "spend by model this month", "", null);
        assertThat(first.context()).isNotBlank();
        AskAnswer second = asker.ask("ws_1", null, "only for globex", "", first.context());
        assertThat(second.answered()).isTrue();
        assertThat(second.tool().arguments())
                .containsEntry("by", "model")
                .containsEntry("tenant", "globex")
                .containsEntry("from", "2026-11-01");
        assertThat(second.interpretation()).startsWith("Read as: a follow-up").contains("customer 'globex'");
        AskAnswer third = asker.ask("ws_1", null, "and last month?", "", second.context());
        assertThat(third.tool().arguments())
                .containsEntry("tenant", "globex")
                .containsEntry("from", "2026-10-01")
                .containsEntry("to", "2026-10-31");
        // A question of its own ignores the context.
        AskAnswer own = asker.ask("ws_1", null, "tokens by provider yesterday", "", third.context());
        assertThat(own.tool().arguments()).doesNotContainKey("tenant").containsEntry("by", "provider");
        assertThat(own.interpretation()).doesNotContain("follow-up");
    }

    @Test
    void thatOneIsTheFirstRowWhenTheQuestionNamedNoValue() {
        AskAnswer byFeature = asker.ask("ws_1", null, "spend by feature this month", "", null);
        String top = AskContext.decode(byFeature.context()).that().value();
        AskAnswer without = asker.ask("ws_1", null, "exclude that one", "", byFeature.context());
        assertThat(without.tool().arguments()).containsEntry("exclude", List.of("feature:" + top));
        assertThat(without.notes()).contains("'that one' read as feature '" + top + "'");
        AskAnswer only = asker.ask("ws_1", null, "only that one", "", byFeature.context());
        assertThat(only.tool().arguments()).containsEntry("feature", top).doesNotContainKey("exclude");
    }

    @Test
    void thatOneWithNothingToReferToIsRefusedNotGuessed() {
        AskContext noReferent =
                new AskContext(spendByFeature().tool(), spendByFeature().arguments(), null);
        AskAnswer answer = asker.ask("ws_1", null, "exclude that one", "", noReferent.encode());
        assertThat(answer.answered()).isFalse();
        assertThat(answer.answer()).contains("names nothing in the previous answer");
    }

    /** The one problem's message, on /context; "" when the token was accepted (so the test fails). */
    private static String problem(String token) {
        try {
            AskContext.decode(token);
            return "";
        } catch (InvalidContextException e) {
            List<FieldError> errors = e.errors();
            assertThat(errors).extracting(FieldError::pointer).containsExactly("/context");
            return errors.get(0).message();
        }
    }
}
