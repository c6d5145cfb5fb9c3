package dev.spendline.controlplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
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

        assertThat(history()).isEqualTo(historyBefore).contains("1 true", "2 true", "3 true", "4 true");
        assertThat(workspaces.findAll()).containsExactly(existing);
    }

    // Quoted because Flyway creates its history table with quoted lower-case names, which H2 keeps as they are.
    private List<String> history() {
        return jdbc.sql("select \"installed_rank\", \"version\", \"success\" from \""
                        + ControlPlaneMigrations.HISTORY_TABLE + "\" order by \"installed_rank\"")
                .query((rs, row) -> rs.getString("version") + " " + rs.getBoolean("success"))
                .list();
    }

    /** V4: actions prepared before credential kinds existed bind to the API key they named. */
    @Test
    void aBareKeyIdOfAnEarlierVersionBecomesAnApiKeyReference() throws Exception {
        Workspace workspace = workspaces.create("Acme", Plan.TEAM);
        String insert = "insert into prepared_actions (id, workspace_id, credential_id, action, arguments, summary,"
                + " phrase, token_hash, created_at, expires_at, status) values (:id, :ws, :credential,"
                + " 'create_budget', '{}', 's', 'p', :hash, current_timestamp, current_timestamp, 'PREPARED')";
        jdbc.sql(insert)
                .param("id", "act_old")
                .param("ws", workspace.id())
                .param("credential", "key_old")
                .param("hash", "h1")
                .update();
        jdbc.sql(insert)
                .param("id", "act_new")
                .param("ws", workspace.id())
                .param("credential", "oauth_grant:g1")
                .param("hash", "h2")
                .update();
        String v4;
        try (var in =
                ControlPlaneMigrations.class.getResourceAsStream("/db/controlplane/V4__credential_references.sql")) {
            v4 = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        jdbc.sql(v4.lines().filter(l -> !l.startsWith("--")).collect(java.util.stream.Collectors.joining("\n")))
                .update();

        assertThat(jdbc.sql("select credential_id from prepared_actions order by id")
                        .query(String.class)
                        .list())
                .containsExactly("oauth_grant:g1", "api_key:key_old");
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
