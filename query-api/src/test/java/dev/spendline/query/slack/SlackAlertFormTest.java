package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.controlplane.slack.SlackAlertChannel;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The alert channel form and the type/severity filter it sets. */
class SlackAlertFormTest {

    @Test
    void aChannelIdOrItsLinkAndTheChosenTypesAndSeveritiesAreTaken() {
        SlackAlertForm.Checked checked = SlackAlertForm.check(
                " https://acme.slack.com/archives/C0123ABCD9 ",
                List.of("budget_threshold", "SPEND_ANOMALY"),
                List.of("CRITICAL"));

        assertThat(checked.problems()).isEmpty();
        assertThat(checked.form().channelId()).isEqualTo("C0123ABCD9");
        assertThat(checked.form().types())
                .containsExactlyInAnyOrder(AlertType.BUDGET_THRESHOLD, AlertType.SPEND_ANOMALY);
        assertThat(checked.form().severities()).containsExactly(AlertSeverity.CRITICAL);
        assertThat(SlackAlertForm.check("G01PRIVATE", List.of("ERROR_RATE_SPIKE"), List.of("INFO"))
                        .form()
                        .channelId())
                .isEqualTo("G01PRIVATE");
    }

    @Test
    void everyProblemIsListedAtOnce() {
        SlackAlertForm.Checked checked =
                SlackAlertForm.check("#general", List.of("BUDGET", "BUDGET_FORECAST"), List.of());

        assertThat(checked.form()).isNull();
        assertThat(checked.problems())
                .containsExactly(
                        "The channel must be a Slack channel id such as C0123456789 (in Slack: the channel's name →"
                                + " About → Channel ID), or the channel's link.",
                        "Unknown alert type: BUDGET.",
                        "Choose at least one severity.");
        assertThat(SlackAlertForm.check("C0123ABCD9", null, null).problems())
                .containsExactly("Choose at least one type of alert.", "Choose at least one severity.");
        // A user or direct-message id is not a channel for alerts.
        assertThat(SlackAlertForm.check("U0123ABCD9", List.of("SPEND_ANOMALY"), List.of("INFO"))
                        .problems())
                .hasSize(1);
    }

    @Test
    void anAlertIsPostedOnlyWhenBothItsTypeAndItsSeverityWereChosen() {
        SlackAlertChannel channel = channel(
                EnumSet.of(AlertType.BUDGET_THRESHOLD, AlertType.ERROR_RATE_SPIKE),
                EnumSet.of(AlertSeverity.WARNING, AlertSeverity.CRITICAL));

        for (AlertType type : AlertType.values()) {
            for (AlertSeverity severity : AlertSeverity.values()) {
                boolean expected = (type == AlertType.BUDGET_THRESHOLD || type == AlertType.ERROR_RATE_SPIKE)
                        && severity != AlertSeverity.INFO;
                assertThat(channel.wants(type, severity))
                        .as(type + " " + severity)
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void aChannelWithoutTypesOrSeveritiesIsRefused() {
        assertThatThrownBy(() -> channel(Set.of(), EnumSet.of(AlertSeverity.INFO)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> channel(EnumSet.of(AlertType.SPEND_ANOMALY), Set.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    private static SlackAlertChannel channel(Set<AlertType> types, Set<AlertSeverity> severities) {
        return new SlackAlertChannel("ws_1", "C0123ABCD9", types, severities, null, null, "usr_1", Instant.EPOCH);
    }
}
