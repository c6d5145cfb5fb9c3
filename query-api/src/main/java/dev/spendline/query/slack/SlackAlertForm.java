package dev.spendline.query.slack;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The alert channel form of settings, checked: a Slack channel id ({@code C…} for a public channel,
 * {@code G…} for an older private one; copied from the channel's details in Slack, where "Copy link"
 * ends with it too), and at least one alert type and one severity. Every problem is listed.
 */
record SlackAlertForm(String channelId, Set<AlertType> types, Set<AlertSeverity> severities) {

    private static final Pattern CHANNEL_ID = Pattern.compile("[CG][A-Z0-9]{6,20}");
    private static final Pattern CHANNEL_LINK = Pattern.compile("https://[^\\s]+/archives/([A-Z0-9]+)/?");

    /** The form as sent, or every problem with it. */
    record Checked(SlackAlertForm form, List<String> problems) {}

    static Checked check(String channel, List<String> types, List<String> severities) {
        List<String> problems = new ArrayList<>();
        String id = channelId(channel == null ? "" : channel.strip());
        if (id == null) {
            problems.add("The channel must be a Slack channel id such as C0123456789 (in Slack: the channel's name →"
                    + " About → Channel ID), or the channel's link.");
        }
        EnumSet<AlertType> chosenTypes = EnumSet.noneOf(AlertType.class);
        for (String type : types == null ? List.<String>of() : types) {
            try {
                chosenTypes.add(AlertType.valueOf(type.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                problems.add("Unknown alert type: " + type + ".");
            }
        }
        if (chosenTypes.isEmpty()) {
            problems.add("Choose at least one type of alert.");
        }
        EnumSet<AlertSeverity> chosenSeverities = EnumSet.noneOf(AlertSeverity.class);
        for (String severity : severities == null ? List.<String>of() : severities) {
            try {
                chosenSeverities.add(AlertSeverity.valueOf(severity.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                problems.add("Unknown severity: " + severity + ".");
            }
        }
        if (chosenSeverities.isEmpty()) {
            problems.add("Choose at least one severity.");
        }
        return problems.isEmpty()
                ? new Checked(new SlackAlertForm(id, chosenTypes, chosenSeverities), List.of())
                : new Checked(null, List.copyOf(problems));
    }

    /** The id itself, or the last part of a channel link ({@code https://….slack.com/archives/C…}). */
    private static String channelId(String text) {
        var link = CHANNEL_LINK.matcher(text);
        String id = link.matches() ? link.group(1) : text;
        return CHANNEL_ID.matcher(id).matches() ? id : null;
    }
}
