package dev.spendline.ask;

/**
 * The workspace's billing plan as far as Ask cares: whether a budget asked for can be prepared
 * (Team) or not (Free). The control plane's own plan is mapped to this by name at the edge, so that
 * Ask does not depend on the control plane.
 */
public enum WorkspacePlan {
    FREE,
    TEAM;

    /** The plan of this name ({@code FREE}, {@code TEAM}); null for null, an unknown plan. */
    public static WorkspacePlan named(String name) {
        return name == null ? null : valueOf(name);
    }
}
