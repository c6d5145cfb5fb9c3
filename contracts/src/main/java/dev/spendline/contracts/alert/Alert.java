package dev.spendline.contracts.alert;

import dev.spendline.contracts.budget.BudgetScope;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * One alert, as stored for {@code active_alerts} and published on {@code spendline.alerts.v1}
 * (key: workspace id) at every change. The id is derived from what the alert is about (type,
 * subject, period), so the same condition in the same period is always the same alert and is
 * never raised twice.
 *
 * @param id {@code alr_} and 24 hex digits
 * @param scope the budget's scope; {@code scopeValue} its value (null for WORKSPACE)
 * @param lastChange what the latest published record of this alert announced
 */
public record Alert(
        int schemaVersion,
        String workspaceId,
        String id,
        AlertType type,
        AlertSeverity severity,
        AlertStatus status,
        AlertChange lastChange,
        BudgetScope scope,
        String scopeValue,
        Instant openedAt,
        Instant updatedAt,
        Instant resolvedAt,
        String message,
        AlertEvidence evidence) {

    public static final int SCHEMA_VERSION = 1;

    /** A stable id for one condition: type, subject (e.g. a budget id) and period start. */
    public static String idOf(String workspaceId, AlertType type, String subject, Instant periodStart) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((workspaceId + '\u0000' + type + '\u0000' + subject + '\u0000' + periodStart)
                            .getBytes(StandardCharsets.UTF_8));
            return "alr_" + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The store key; \0 cannot occur in validated ids. */
    public static String key(String workspaceId, String alertId) {
        return workspaceId + '\u0000' + alertId;
    }

    public String key() {
        return key(workspaceId, id);
    }

    /**
     * This alert resolved at {@code at}: {@code why} is appended to the message ("… Resolved: the
     * budget period ended."), the evidence is the given one (the figures at resolution).
     */
    public Alert resolved(Instant at, String why, AlertEvidence finalEvidence) {
        return new Alert(
                schemaVersion,
                workspaceId,
                id,
                type,
                severity,
                AlertStatus.RESOLVED,
                AlertChange.RESOLVED,
                scope,
                scopeValue,
                openedAt,
                at,
                at,
                message + " Resolved: " + why + ".",
                finalEvidence);
    }
}
