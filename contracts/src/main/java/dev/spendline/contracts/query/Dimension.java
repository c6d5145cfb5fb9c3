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

    /**
     * Every dimension once, in the order people name them and every surface lists them: the
     * customer first (the narrowing asked most), then feature, model, provider, agent, workflow,
     * tool, user, status, outcome, then what only internal usage has. An internal model, provider
     * or tool takes its product namesake's place, so the order within each usage is the same.
     * Filters are passed and named in this order; the product combination rollup keys by it. A new
     * dimension goes here too ({@code DimensionTest} fails until it does).
     */
    public static final List<Dimension> ORDER = List.of(
            TENANT,
            FEATURE,
            MODEL,
            INTERNAL_MODEL,
            PROVIDER,
            INTERNAL_PROVIDER,
            AGENT,
            WORKFLOW,
            TOOL,
            INTERNAL_TOOL,
            USER,
            STATUS,
            OUTCOME,
            EMPLOYEE,
            TEAM,
            CATEGORY,
            SOURCE);

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

    /** The dimensions of {@code kind} in {@link #ORDER}. */
    public static List<Dimension> inOrder(UsageKind kind) {
        return ORDER.stream().filter(d -> d.kind == kind).toList();
    }

    /** Every wire name once, in {@link #ORDER} (a product and an internal namesake share one). */
    public static List<String> wireNamesInOrder() {
        return ORDER.stream().map(Dimension::wireName).distinct().toList();
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
