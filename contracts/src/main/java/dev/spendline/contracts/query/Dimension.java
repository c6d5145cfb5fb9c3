package dev.spendline.contracts.query;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A dimension spend can be grouped by. Product and internal dimensions are separate constants
 * even where their names coincide ({@code model}, {@code tool}), so the two kinds of identifiers
 * can never be mixed. {@link #code()} is the short, stable code used inside state-store keys:
 * changing one orphans stored rollups.
 */
public enum Dimension {
    PROVIDER(UsageKind.PRODUCT, "provider", "pv"),
    MODEL(UsageKind.PRODUCT, "model", "md"),
    FEATURE(UsageKind.PRODUCT, "feature", "ft"),
    TENANT(UsageKind.PRODUCT, "tenant", "tn"),
    USER(UsageKind.PRODUCT, "user", "us"),
    AGENT(UsageKind.PRODUCT, "agent", "ag"),
    WORKFLOW(UsageKind.PRODUCT, "workflow", "wf"),
    TOOL(UsageKind.PRODUCT, "tool", "tl"),
    STATUS(UsageKind.PRODUCT, "status", "st"),
    OUTCOME(UsageKind.PRODUCT, "outcome", "oc"),
    EMPLOYEE(UsageKind.INTERNAL, "employee", "iE"),
    TEAM(UsageKind.INTERNAL, "team", "iT"),
    INTERNAL_TOOL(UsageKind.INTERNAL, "tool", "iL"),
    CATEGORY(UsageKind.INTERNAL, "category", "iC"),
    INTERNAL_PROVIDER(UsageKind.INTERNAL, "provider", "iP"),
    INTERNAL_MODEL(UsageKind.INTERNAL, "model", "iM"),
    SOURCE(UsageKind.INTERNAL, "source", "iS");

    /**
     * Pairs rolled up together, so that a report by the second may be filtered by the first and
     * the other way round (spend by model for one feature; spend by feature for one customer).
     */
    public static final List<List<Dimension>> PAIRS =
            List.of(List.of(TENANT, FEATURE), List.of(FEATURE, MODEL), List.of(TENANT, MODEL));

    private final UsageKind kind;
    private final String wireName;
    private final String code;

    Dimension(UsageKind kind, String wireName, String code) {
        this.kind = kind;
        this.wireName = wireName;
        this.code = code;
    }

    public UsageKind kind() {
        return kind;
    }

    public String wireName() {
        return wireName;
    }

    public String code() {
        return code;
    }

    /** The dimension called {@code wireName} among those of {@code kind}; null when none is. */
    public static Dimension of(UsageKind kind, String wireName) {
        for (Dimension d : values()) {
            if (d.kind == kind && d.wireName.equalsIgnoreCase(wireName)) {
                return d;
            }
        }
        return null;
    }

    public static List<String> wireNames(UsageKind kind) {
        return Arrays.stream(values())
                .filter(d -> d.kind == kind)
                .map(Dimension::wireName)
                .toList();
    }

    /** True when a report by {@code this} can be filtered on {@code filter}. */
    public boolean filterableBy(Dimension filter) {
        return filter == this || PAIRS.stream().anyMatch(p -> Set.copyOf(p).equals(Set.of(this, filter)));
    }
}
