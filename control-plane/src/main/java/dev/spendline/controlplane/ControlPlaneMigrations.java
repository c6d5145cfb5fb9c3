package dev.spendline.controlplane;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/** Applies the control-plane schema migrations (H2 and PostgreSQL share the same scripts). */
public final class ControlPlaneMigrations {

    /** Where the migration scripts live on the classpath. */
    public static final String LOCATION = "classpath:db/controlplane";

    /**
     * Own history table, so other Flyway-managed schemas in the same database (e.g. the query side) cannot
     * collide with ours.
     */
    static final String HISTORY_TABLE = "control_plane_schema_history";

    private ControlPlaneMigrations() {}

    /**
     * Migrates the schema that {@code dataSource}'s connections use by default (on PostgreSQL the first schema
     * of the search path). Safe to call on every start: already applied migrations are skipped.
     */
    public static void migrate(DataSource dataSource) {
        Flyway.configure()
                .dataSource(dataSource)
                .locations(LOCATION)
                .table(HISTORY_TABLE)
                .failOnMissingLocations(true)
                .load()
                .migrate();
    }
}
