package dev.spendline.query.slack;

import static com.slack.api.model.block.Blocks.context;
import static com.slack.api.model.block.Blocks.header;
import static com.slack.api.model.block.Blocks.section;
import static com.slack.api.model.block.composition.BlockCompositions.markdownText;
import static com.slack.api.model.block.composition.BlockCompositions.plainText;

import com.slack.api.model.block.LayoutBlock;
import com.slack.api.model.block.composition.TextObject;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.alert.BudgetEvidence;
import dev.spendline.contracts.alert.ErrorRateSpikeEvidence;
import dev.spendline.contracts.alert.GuardrailEvidence;
import dev.spendline.contracts.alert.SpendAnomalyEvidence;
import dev.spendline.contracts.text.Figures;
import java.util.ArrayList;
import java.util.List;

/**
 * An alert as a Slack message in Block Kit: a header with its state, severity and kind; the alert's
 * sentence; its figures from the evidence as fields (money written as everywhere else, {@link
 * Figures}); when it opened, changed and resolved; and the link to the dashboard's alerts. The same
 * rendering posts the first message and updates it, so a resolved alert's message shows the figures
 * at resolution.
 */
final class SlackAlertMessages {

    /** Slack's limits: a header's text, a section's text, a field's text. */
    private static final int HEADER_LIMIT = 150;

    private static final int SECTION_LIMIT = 3000;

    private final Figures figures;

    SlackAlertMessages(Figures figures) {
        this.figures = figures;
    }

    /** The message for the alert as it is now; {@code baseUrl} is the dashboard's public address. */
    SlackAnswers.Message of(Alert alert, String baseUrl) {
        String title = title(alert);
        List<LayoutBlock> blocks = new ArrayList<>();
        blocks.add(header(h -> h.text(plainText(limit(title, HEADER_LIMIT)))));
        blocks.add(section(s -> s.text(markdownText(limit(SlackAnswers.escape(alert.message()), SECTION_LIMIT)))));
        List<TextObject> fields = fields(alert.evidence());
        if (!fields.isEmpty()) {
            blocks.add(section(s -> s.fields(fields)));
        }
        blocks.add(context(c -> c.elements(List.of(markdownText(timeline(alert))))));
        if (baseUrl != null && !baseUrl.isBlank()) {
            // Links need spendline.base-url: there is no request to take the address from.
            blocks.add(section(s -> s.text(markdownText("<" + baseUrl + "/app/alerts|Open the alerts in Spendline>"))));
        }
        // The notification text (and what screen readers and old clients show): the title and the sentence.
        return new SlackAnswers.Message(title + ": " + alert.message(), blocks);
    }

    /** "Resolved · Budget threshold · WARNING", "CRITICAL · Budget threshold". */
    static String title(Alert alert) {
        String kind = kind(alert.type());
        return alert.status() == AlertStatus.RESOLVED
                ? "Resolved · " + kind + " · " + alert.severity()
                : alert.severity() + " · " + kind;
    }

    static String kind(AlertType type) {
        return switch (type) {
            case BUDGET_THRESHOLD -> "Budget threshold";
            case BUDGET_FORECAST -> "Budget forecast";
            case SPEND_ANOMALY -> "Spend anomaly";
            case ERROR_RATE_SPIKE -> "Error-rate spike";
            case EXPERIMENT_GUARDRAIL -> "Experiment guardrail";
        };
    }

    /** The figures behind the alert, by kind; none missing is shown as a dash, absent ones are left out. */
    private List<TextObject> fields(AlertEvidence evidence) {
        List<TextObject> fields = new ArrayList<>();
        if (evidence instanceof BudgetEvidence b) {
            field(fields, "Budget", text(b.budgetName()));
            field(fields, "Spent", figures.money(b.spentUsd()));
            field(fields, "Limit", figures.money(b.limitUsd()));
            field(fields, "Used", figures.percent(b.percentUsed()));
            if (b.forecastUsd() != null) {
                field(fields, "Forecast for the period", figures.money(b.forecastUsd()));
            }
            if (b.thresholdPercent() != null) {
                field(fields, "Threshold", b.thresholdPercent() + " %");
            }
            field(fields, "Period", period(b));
        } else if (evidence instanceof SpendAnomalyEvidence a) {
            field(fields, "Spent this hour", figures.money(a.spentUsd()));
            field(fields, "Usual hour (7-day mean)", figures.money(a.baselineUsd()));
            field(fields, "Threshold", figures.money(a.thresholdUsd()));
            field(fields, "Calls", count(a.calls()));
            field(fields, "Hour", figures.minute(a.periodStart()));
        } else if (evidence instanceof ErrorRateSpikeEvidence e) {
            field(fields, "Failed calls", count(e.errors()) + " of " + count(e.calls()));
            field(fields, "Error rate", figures.percent(e.errorRatePercent()));
            field(fields, "Usual rate (7 days)", figures.percent(e.baselineErrorRatePercent()));
            field(fields, "Hour", figures.minute(e.periodStart()));
        } else if (evidence instanceof GuardrailEvidence g) {
            var d = g.shadowDecision();
            field(fields, "Variant", text(d.variant()));
            field(fields, "Cost per success", figures.money(d.variantCostPerSuccessUsd()));
            field(fields, "Control's cost per success", figures.money(d.controlCostPerSuccessUsd()));
            field(fields, "Increase", figures.percent(d.increasePercent()));
            field(fields, "Would have", text(d.wouldHave()));
        }
        return fields;
    }

    private String period(BudgetEvidence b) {
        // periodEnd is exclusive: the last day shown is the day before it.
        return figures.day(b.periodStart()) + " to " + Figures.edge(b.periodEnd(), true);
    }

    /** Words from the alert, escaped for mrkdwn; a dash for none. */
    private static String text(String words) {
        return words == null ? "—" : SlackAnswers.escape(words);
    }

    private String count(Long value) {
        return value == null ? "—" : figures.count(value);
    }

    private static void field(List<TextObject> fields, String name, String value) {
        // Slack allows ten fields a section, 2,000 characters each.
        if (fields.size() < 10) {
            fields.add(markdownText(limit("*" + name + "*\n" + value, 2000)));
        }
    }

    private String timeline(Alert alert) {
        StringBuilder line = new StringBuilder("Opened ").append(figures.minute(alert.openedAt()));
        if (alert.resolvedAt() != null) {
            line.append(" · resolved ").append(figures.minute(alert.resolvedAt()));
        } else if (alert.updatedAt() != null && !alert.updatedAt().equals(alert.openedAt())) {
            line.append(" · updated ").append(figures.minute(alert.updatedAt()));
        }
        return line.append(" · `").append(alert.id()).append('`').toString();
    }

    private static String limit(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
