package dev.spendline.controlplane.workspaces;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.DatabaseTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WorkspaceRepositoryTest extends DatabaseTest {

    @Test
    void createdWorkspaceHasRandomIdAndClockTimeAndCanBeFoundById() {
        Workspace created = workspaces.create("Acme", Plan.TEAM);

        assertThat(created.id()).matches("ws_[a-z0-9]{20}");
        assertThat(created.name()).isEqualTo("Acme");
        assertThat(created.plan()).isEqualTo(Plan.TEAM);
        assertThat(created.createdAt()).isEqualTo(clock.instant());
        assertThat(workspaces.findById(created.id())).contains(created);
    }

    @Test
    void workspacesGetDistinctIds() {
        Workspace first = workspaces.create("A", Plan.FREE);
        Workspace second = workspaces.create("A", Plan.FREE);

        assertThat(first.id()).isNotEqualTo(second.id());
    }

    @Test
    void unknownIdIsNotFound() {
        workspaces.create("Acme", Plan.FREE);

        assertThat(workspaces.findById("ws_doesnotexist")).isEmpty();
    }

    @Test
    void findAllListsWorkspacesOldestFirst() {
        Workspace older = workspaces.create("Zeta", Plan.FREE);
        clock.advance(Duration.ofMinutes(1));
        Workspace newer = workspaces.create("Alpha", Plan.TEAM);

        assertThat(workspaces.findAll()).containsExactly(older, newer);
    }

    @Test
    void countCountsWorkspaces() {
        assertThat(workspaces.count()).isZero();

        workspaces.create("A", Plan.FREE);
        workspaces.create("B", Plan.FREE);

        assertThat(workspaces.count()).isEqualTo(2);
    }

    @Test
    void updatePlanChangesOnlyThatWorkspace() {
        Workspace upgraded = workspaces.create("A", Plan.FREE);
        Workspace other = workspaces.create("B", Plan.FREE);

        workspaces.updatePlan(upgraded.id(), Plan.TEAM);

        assertThat(workspaces.findById(upgraded.id())).map(Workspace::plan).contains(Plan.TEAM);
        assertThat(workspaces.findById(other.id())).map(Workspace::plan).contains(Plan.FREE);
    }

    @Test
    void updatingPlanOfUnknownWorkspaceFails() {
        assertThatThrownBy(() -> workspaces.updatePlan("ws_missing", Plan.TEAM))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void blankOrOverlongNamesAreRejected() {
        assertThatThrownBy(() -> workspaces.create(" ", Plan.FREE)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> workspaces.create("x".repeat(201), Plan.FREE))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(workspaces.count()).isZero();
    }

    @Test
    void renameChangesOnlyTheNameOfThatWorkspace() {
        Workspace renamed = workspaces.create("Acme", Plan.TEAM);
        Workspace other = workspaces.create("Other", Plan.FREE);

        workspaces.rename(renamed.id(), "Acme Inc.");

        assertThat(workspaces.findById(renamed.id()))
                .contains(new Workspace(renamed.id(), "Acme Inc.", Plan.TEAM, renamed.createdAt()));
        assertThat(workspaces.findById(other.id())).contains(other);
    }

    @Test
    void renameRefusesBadNamesAndUnknownWorkspaces() {
        Workspace workspace = workspaces.create("Acme", Plan.FREE);

        assertThatThrownBy(() -> workspaces.rename(workspace.id(), " "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name must not be blank");
        assertThatThrownBy(() -> workspaces.rename(workspace.id(), "x".repeat(201)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("name must be at most 200 characters");
        assertThatThrownBy(() -> workspaces.rename("ws_missing", "New"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("No such workspace: ws_missing");
        assertThat(workspaces.findById(workspace.id())).map(Workspace::name).contains("Acme");
    }

    /** Issue #28 (9): names are printed on terminals and pages; ESC, BEL, CR, LF and bidi controls are refused. */
    @Test
    void refusesNamesWithControlCharactersBidiControlsOrInvalidUnicode() {
        Workspace workspace = workspaces.create("Acme", Plan.FREE);
        for (String bad : new String[] {"x\u001b]0;owned\u0007", "two\r\nlines", "evil\u202etxt.exe", "x\ud800"}) {
            assertThatThrownBy(() -> workspaces.create(bad, Plan.FREE))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("name must ");
            assertThatThrownBy(() -> workspaces.rename(workspace.id(), bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> workspaces.create("a\u001bb", Plan.FREE))
                .hasMessage("name must not contain control characters");
        assertThat(workspaces.create("Zürich — 東京 🚀", Plan.FREE).name()).isEqualTo("Zürich — 東京 🚀");
    }
}
