package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;
import picocli.CommandLine;

/**
 * {@code bin/spendline-local set-plan}, how a self-hosting operator reaches the Team plan, and
 * {@code setup-link}, how the owner of a fresh installation who lost the first start's link gets a
 * new one. Runs the
 * real command line against the control-plane database of a data directory, without starting
 * Spendline (while it runs, the running process executes the same command: LocalSecurityIT).
 */
class WorkspaceCommandsTest {

    @TempDir
    Path dataDir;

    private WorkspaceRepository workspaces;
    private JdbcClient jdbc;

    record Run(int exitCode, String out, String err) {}

    @BeforeEach
    void openDatabase() {
        JdbcDataSource dataSource = ControlPlaneDatabase.dataSource(dataDir);
        ControlPlaneMigrations.migrate(dataSource);
        jdbc = JdbcClient.create(dataSource);
        workspaces = new WorkspaceRepository(jdbc, Clock.systemUTC());
    }

    @Test
    void setsThePlanOfTheOnlyWorkspace() {
        Workspace workspace = workspaces.create("Default workspace", Plan.FREE);

        Run run = run("set-plan", "TEAM");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out())
                .isEqualTo("Workspace 'Default workspace' (" + workspace.id() + ") is now on TEAM (was FREE)\n");
        assertThat(workspaces.findById(workspace.id())).map(Workspace::plan).contains(Plan.TEAM);
        assertThat(run("set-plan", "team").out()).contains("is already on TEAM");
    }

    @Test
    void withSeveralWorkspacesTheWorkspaceMustBeNamedAndOnlyThatOneChanges() {
        Workspace chosen = workspaces.create("A", Plan.TEAM);
        Workspace other = workspaces.create("B", Plan.TEAM);

        Run ambiguous = run("set-plan", "FREE");
        assertThat(ambiguous.exitCode()).isEqualTo(2);
        assertThat(ambiguous.err()).startsWith("There are 2 workspaces: choose one with --workspace\n");

        Run run = run("set-plan", "--workspace", chosen.id(), "FREE");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(workspaces.findById(chosen.id())).map(Workspace::plan).contains(Plan.FREE);
        assertThat(workspaces.findById(other.id())).map(Workspace::plan).contains(Plan.TEAM);
    }

    @Test
    void anUnknownWorkspaceOrPlanIsOneClearErrorAndChangesNothing() {
        Workspace workspace = workspaces.create("A", Plan.FREE);

        Run unknownWorkspace = run("set-plan", "--workspace", "ws_missing", "TEAM");
        assertThat(unknownWorkspace.exitCode()).isEqualTo(2);
        assertThat(unknownWorkspace.err())
                .startsWith("No workspace ws_missing in " + dataDir + "; list-keys shows them\n");

        Run unknownPlan = run("set-plan", "ENTERPRISE");
        assertThat(unknownPlan.exitCode()).isEqualTo(2);
        assertThat(unknownPlan.err()).startsWith("Unknown plan 'ENTERPRISE': use FREE or TEAM\n");

        assertThat(workspaces.findById(workspace.id())).map(Workspace::plan).contains(Plan.FREE);
    }

    @Test
    void helpNamesTheArgumentsAndWhatTeamEnables() {
        Run help = run("set-plan", "--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out())
                .startsWith("Usage: bin/spendline-local set-plan [-hV] [--data-dir=<path>] [--workspace=ID]")
                .contains(" PLAN\n")
                .contains("budgets, alert snoozes and experiment guardrails")
                .contains("FREE or TEAM.");
    }

    @Test
    void aNewSetupLinkReplacesTheOldOneUntilTheWorkspaceHasAnOwner() {
        Workspace workspace = workspaces.create("Default workspace", Plan.TEAM);
        JdbcClient jdbc = JdbcClient.create(ControlPlaneDatabase.dataSource(dataDir));
        SetupLinkRepository links = new SetupLinkRepository(jdbc, Clock.systemUTC());
        String first = links.issue(workspace.id()).orElseThrow();

        Run run = run("setup-link", "--url", "http://127.0.0.1:8090/");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).matches("http://127\\.0\\.0\\.1:8090/setup/setup_[A-Za-z0-9_-]{43}\n");
        String token = run.out().trim().substring(run.out().indexOf("/setup/") + 7);
        assertThat(links.unclaimedWorkspace(first)).isEmpty();
        assertThat(links.unclaimedWorkspace(token)).contains(workspace.id());

        UserRepository users = new UserRepository(jdbc, Clock.systemUTC());
        links.claim(token, users.create("owner@example.com", "Owner", null).id());
        Run claimed = run("setup-link");
        assertThat(claimed.exitCode()).isEqualTo(1);
        assertThat(claimed.err()).contains("already has an owner: ask them for an invitation link");
    }

    /**
     * Issue #28 (9): names stored before they were checked (or written to the database by hand) held
     * ESC, BEL, CR, LF and RLO, and list-keys printed them raw: a retitled terminal, a forged line.
     */
    @Test
    void listKeysPrintsStoredNamesEscaped() {
        Workspace workspace = workspaces.create("Acme", Plan.FREE);
        new ApiKeyRepository(jdbc, Clock.systemUTC()).issue(workspace.id(), "ci");
        String hostile = "x\u001b]0;owned\u0007\r\nws_fake  TEAM  evil\u202etxt";
        jdbc.sql("update workspaces set name = :name").param("name", hostile).update();
        jdbc.sql("update api_keys set name = :name").param("name", hostile).update();

        Run run = run("list-keys");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).doesNotContain("\u001b", "\u0007", "\r", "\u202e");
        String escaped = "x\\u001b]0;owned\\u0007\\u000d\\u000aws_fake  TEAM  evil\\u202etxt";
        assertThat(run.out().lines()).hasSize(2);
        assertThat(run.out().lines().toList().get(0)).isEqualTo(workspace.id() + "  FREE  " + escaped);
        assertThat(run.out().lines().toList().get(1)).contains("  " + escaped + " ");
        assertThat(run("set-plan", "TEAM").out()).startsWith("Workspace '" + escaped + "' (");
    }

    @Test
    void createKeyRefusesNamesWithControlCharactersBeforeCreatingAnything() {
        Run run = run("create-key", "--new-workspace", "Fine", "--name", "ci\u001b[2J");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("--name: the name must not contain control characters\n");
        assertThat(workspaces.findAll()).isEmpty();
        Run workspace = run("create-key", "--new-workspace", "Evil\u202eLLC");
        assertThat(workspace.exitCode()).isEqualTo(2);
        assertThat(workspace.err()).startsWith("--new-workspace: the name must not contain bidirectional control");
        assertThat(workspaces.findAll()).isEmpty();
    }

    private Run run(String... args) {
        String[] withDataDir = new String[args.length + 2];
        System.arraycopy(args, 0, withDataDir, 0, args.length);
        withDataDir[args.length] = "--data-dir";
        withDataDir[args.length + 1] = dataDir.toString();
        CommandLine commandLine = StandaloneMain.configured(new CommandLine(new StandaloneMain()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(withDataDir);
        return new Run(exitCode, out.toString(), err.toString());
    }
}
