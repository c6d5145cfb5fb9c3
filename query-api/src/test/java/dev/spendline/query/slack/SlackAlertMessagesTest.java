package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import com.slack.api.model.block.ContextBlock;
import com.slack.api.model.block.HeaderBlock;
import com.slack.api.model.block.SectionBlock;
import com.slack.api.model.block.composition.MarkdownTextObject;
import com.slack.api.model.block.composition.TextObject;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.experiment.ShadowDecision;
import dev.spendline.contracts.text.Figures;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The Block Kit of alert messages: header, sentence, the figures of each kind, timeline and link. */
class SlackAlertMessagesTest {

    private static final String BASE = "https://spendline.example.com";
    private final SlackAlertMessages messages = new SlackAlertMessages(new Figures());

    @Test
    void aBudgetAlertShowsItsFiguresWrittenAsMoneyEverywhereElseAndTheDashboardLink() {
        SlackAnswers.Message message = messages.of(budget(AlertSeverity.WARNING, "1412.5", "0.004"), BASE);

        assertThat(header(message)).isEqualTo("WARNING · Budget threshold");
        assertThat(message.text()).isEqualTo("WARNING · Budget threshold: Budget \"Support <bot>\" is at 82.4%.");
        assertThat(sections(message).get(0)).isEqualTo("Budget \"Support &lt;bot&gt;\" is at 82.4%.");
        assertThat(fields(message))
                .containsExactly(
                        "*Budget*\nSupport &lt;bot&gt;",
                        "*Spent*\n$1,412.50",
                        "*Limit*\n$500.00",
                        "*Used*\n82.4 %",
                        "*Forecast for the period*\n$0.004",
                        "*Threshold*\n80 %",
                        "*Period*\n2026-11-01 to 2026-11-30");
        assertThat(context(message))
                .isEqualTo("Opened 2026-11-12 09:14 UTC · updated 2026-11-20 16:40 UTC · `"
                        + budget(AlertSeverity.WARNING, "1", "1").id() + "`");
        assertThat(sections(message)).last().isEqualTo("<" + BASE + "/app/alerts|Open the alerts in Spendline>");
    }

    @Test
    void aResolvedAlertSaysSoFirstAndWhen() {
        Alert open = budget(AlertSeverity.CRITICAL, "510", null);
        Alert resolved =
                open.resolved(Instant.parse("2026-12-01T00:00:04Z"), "the budget period ended", open.evidence());

        SlackAnswers.Message message = messages.of(resolved, BASE);

        assertThat(header(message)).isEqualTo("Resolved · Budget threshold · CRITICAL");
        assertThat(context(message)).startsWith("Opened 2026-11-12 09:14 UTC · resolved 2026-12-01 00:00 UTC");
        // No forecast yet: no forecast field rather than a dash.
        assertThat(fields(message)).noneMatch(f -> f.startsWith("*Forecast"));
    }

    @Test
    void anomaliesAndSpikesShowTheHourAgainstTheirBaseline() {
        Instant hour = Instant.parse("2026-11-20T14:00:00Z");
        SlackAnswers.Message anomaly = messages.of(
                alert(
                        AlertType.SPEND_ANOMALY,
                        AlertSeverity.WARNING,
                        AlertEvidence.ofSpendAnomaly(
                                hour, new BigDecimal("12.3456"), new BigDecimal("1.5"), new BigDecimal("6"), 12345)),
                BASE);
        assertThat(header(anomaly)).isEqualTo("WARNING · Spend anomaly");
        assertThat(fields(anomaly))
                .containsExactly(
                        "*Spent this hour*\n$12.35",
                        "*Usual hour (7-day mean)*\n$1.50",
                        "*Threshold*\n$6.00",
                        "*Calls*\n12,345",
                        "*Hour*\n2026-11-20 14:00 UTC");

        SlackAnswers.Message spike = messages.of(
                alert(
                        AlertType.ERROR_RATE_SPIKE,
                        AlertSeverity.CRITICAL,
                        AlertEvidence.ofErrorRateSpike(hour, 40, 22, new BigDecimal("55"), new BigDecimal("2.04"))),
                BASE);
        assertThat(header(spike)).isEqualTo("CRITICAL · Error-rate spike");
        assertThat(fields(spike))
                .containsExactly(
                        "*Failed calls*\n22 of 40",
                        "*Error rate*\n55.0 %",
                        "*Usual rate (7 days)*\n2.0 %",
                        "*Hour*\n2026-11-20 14:00 UTC");
    }

    @Test
    void aGuardrailAlertShowsTheVariantAgainstTheControl() {
        ShadowDecision decision = new ShadowDecision(
                "grd_1",
                "exp_1",
                "b",
                null,
                "stopped variant b",
                false,
                Instant.parse("2026-11-20T14:05:00Z"),
                new BigDecimal("0.0123"),
                new BigDecimal("0.01"),
                new BigDecimal("23"),
                new BigDecimal("20"),
                1200,
                1100,
                "alr_1",
                null);

        SlackAnswers.Message message = messages.of(
                alert(AlertType.EXPERIMENT_GUARDRAIL, AlertSeverity.WARNING, AlertEvidence.ofShadowDecision(decision)),
                BASE);

        assertThat(header(message)).isEqualTo("WARNING · Experiment guardrail");
        assertThat(fields(message))
                .containsExactly(
                        "*Variant*\nb",
                        "*Cost per success*\n$0.01",
                        "*Control's cost per success*\n$0.01",
                        "*Increase*\n23.0 %",
                        "*Would have*\nstopped variant b");
    }

    @Test
    void withoutAPublicAddressThereIsNoLinkRatherThanABrokenOne() {
        SlackAnswers.Message message = messages.of(budget(AlertSeverity.INFO, "260", null), null);

        assertThat(sections(message)).noneMatch(s -> s.contains("/app/alerts"));
    }

    private static Alert budget(AlertSeverity severity, String spent, String forecast) {
        Instant start = Instant.parse("2026-11-01T00:00:00Z");
        return alert(
                AlertType.BUDGET_THRESHOLD,
                severity,
                AlertEvidence.ofBudget(
                        "bud_1",
                        "Support <bot>",
                        new BigDecimal("500"),
                        new BigDecimal(spent),
                        new BigDecimal("82.4"),
                        forecast == null ? null : new BigDecimal(forecast),
                        80,
                        start,
                        Instant.parse("2026-12-01T00:00:00Z")));
    }

    private static Alert alert(AlertType type, AlertSeverity severity, AlertEvidence evidence) {
        return new Alert(
                Alert.SCHEMA_VERSION,
                "ws_1",
                Alert.idOf("ws_1", type, "bud_1", Instant.parse("2026-11-01T00:00:00Z")),
                type,
                severity,
                AlertStatus.OPEN,
                AlertChange.UPDATED,
                BudgetScope.WORKSPACE,
                null,
                Instant.parse("2026-11-12T09:14:03Z"),
                Instant.parse("2026-11-20T16:40:11Z"),
                null,
                "Budget \"Support <bot>\" is at 82.4%.",
                evidence);
    }

    private static String header(SlackAnswers.Message message) {
        return ((HeaderBlock) message.blocks().get(0)).getText().getText();
    }

    private static List<String> sections(SlackAnswers.Message message) {
        return message.blocks().stream()
                .filter(b -> b instanceof SectionBlock s && s.getText() != null)
                .map(b -> ((SectionBlock) b).getText().getText())
                .toList();
    }

    private static List<String> fields(SlackAnswers.Message message) {
        return message.blocks().stream()
                .filter(b -> b instanceof SectionBlock s && s.getFields() != null)
                .flatMap(b -> ((SectionBlock) b).getFields().stream())
                .map(SlackAlertMessagesTest::text)
                .toList();
    }

    private static String context(SlackAnswers.Message message) {
        return message.blocks().stream()
                .filter(b -> b instanceof ContextBlock)
                .flatMap(b -> ((ContextBlock) b).getElements().stream())
                .map(e -> ((MarkdownTextObject) e).getText())
                .collect(Collectors.joining());
    }

    private static String text(TextObject text) {
        return ((MarkdownTextObject) text).getText();
    }
}
