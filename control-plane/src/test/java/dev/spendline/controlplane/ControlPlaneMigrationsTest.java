package dev.spendline.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

class ControlPlaneMigrationsTest extends DatabaseTest {

    @Test
    void migratingAgainChangesNothingAndKeepsData() {
        Workspace existing = workspaces.create("Acme", Plan.TEAM);
        List<String> historyBefore = history();

        ControlPlaneMigrations.migrate(dataSource());
        ControlPlaneMigrations.migrate(dataSource());

        assertThat(history()).isEqualTo(historyBefore).contains("1 true", "2 true", "3 true");
        assertThat(workspaces.findAll()).containsExactly(existing);
    }

    // Quoted because Flyway creates its history table with quoted lower-case names, which H2 keeps as they are.
    private List<String> history() {
        return jdbc.sql("select \"installed_rank\", \"version\", \"success\" from \""
                        + ControlPlaneMigrations.HISTORY_TABLE + "\" order by \"installed_rank\"")
                .query((rs, row) -> rs.getString("version") + " " + rs.getBoolean("success"))
                .list();
    }

    @Test
    void unknownPlanIsRejectedByTheSchema() {
        assertThatThrownBy(() -> jdbc.sql("insert into workspaces (id, name, plan, created_at)"
                                + " values ('ws_x', 'x', 'GOLD', current_timestamp)")
                        .update())
                .isInstanceOf(DataIntegrityViolationException.class);
    }

    @Test
    void apiKeyOfUnknownWorkspaceIsRejectedByTheSchema() {
        assertThatThrownBy(() -> jdbc.sql("insert into api_keys (id, workspace_id, name, prefix, key_hash, created_at)"
                                + " values ('key_x', 'ws_missing', 'k', 'spl_', 'h', current_timestamp)")
                        .update())
                .isInstanceOf(DataIntegrityViolationException.class);
    }

    @Test
    void keyHashesAreUnique() {
        Workspace workspace = workspaces.create("Acme", Plan.FREE);
        String insert = "insert into api_keys (id, workspace_id, name, prefix, key_hash, created_at)"
                + " values (:id, :ws, 'k', 'spl_', 'same-hash', current_timestamp)";
        jdbc.sql(insert).param("id", "key_1").param("ws", workspace.id()).update();

        assertThatThrownBy(() -> jdbc.sql(insert)
                        .param("id", "key_2")
                        .param("ws", workspace.id())
                        .update())
                .isInstanceOf(DataIntegrityViolationException.class);
    }

    @Test
    void bootstrapClaimTableHoldsAtMostOneRow() {
        assertThatThrownBy(() -> jdbc.sql(
                                "insert into control_plane_bootstrap (id, claimed_at) values (2, current_timestamp)")
                        .update())
                .isInstanceOf(DataIntegrityViolationException.class);
    }
}
