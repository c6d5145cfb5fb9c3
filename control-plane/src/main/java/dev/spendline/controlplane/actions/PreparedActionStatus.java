package dev.spendline.controlplane.actions;

/**
 * Where a prepared write action stands; stored by name, so constants must never be renamed.
 *
 * <p>PREPARED → EXECUTING (one confirm claimed it) → SUCCEEDED or FAILED (final, the result is stored). An
 * execution that throws (infrastructure down) goes back from EXECUTING to PREPARED so it can be confirmed
 * again before it expires.
 */
public enum PreparedActionStatus {
    PREPARED,
    EXECUTING,
    SUCCEEDED,
    FAILED
}
