package dev.spendline.cli.action;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.node.ObjectNode;

/** {@code spendline action prepare-alert-snooze ALERT_ID}: prepares {@code snooze_alert}. */
@Command(
        name = "prepare-alert-snooze",
        mixinStandardHelpOptions = true,
        description = "Prepares snoozing an open alert (action snooze_alert); prints the confirm command.")
final class PrepareAlertSnoozeCommand extends PrepareCommand {

    @Parameters(
            paramLabel = "ALERT_ID",
            description = "The alert's id (alr_...), see 'spendline ask \"active alerts\"'.")
    String alertId;

    @Option(names = "--hours", required = true, description = "How long, counted from confirmation (1 to 720).")
    int hours;

    @Option(names = "--reason", required = true, description = "Why (1 to 500 characters).")
    String reason;

    @Override
    String action() {
        return "snooze_alert";
    }

    @Override
    void fields(ObjectNode request) {
        request.put("alertId", alertId);
        request.put("hours", hours);
        request.put("reason", reason);
    }
}
