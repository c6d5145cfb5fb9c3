package dev.spendline.contracts.alert;

import java.time.Instant;
import java.util.List;

/**
 * Open alerts of a workspace at {@code asOf}: {@code alerts} are the active ones (not snoozed), most
 * severe first, then most recently updated; {@code snoozed} are open but hidden until their snooze
 * ends, listed apart so that a snooze can be seen and ended.
 */
public record ActiveAlertsReport(String workspaceId, Instant asOf, List<Alert> alerts, List<SnoozedAlert> snoozed) {}
