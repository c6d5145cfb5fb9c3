package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What a start checks before it creates anything (issue #31): a port in use is one line naming the
 * port and the option, with no data directory left behind; {@code --port} alone moves the internal
 * port too; a mistyped option or command is one line naming the closest real one.
 */
class StartChecksTest {

    @TempDir
    Path parent;

    record Run(int exitCode, String out, String err) {}

    @Test
    void aPortInUseIsOneLineNamingThePortAndTheOptionAndCreatesNothing() throws IOException {
        Path dataDir = parent.resolve("data");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            Run run = run("--port", String.valueOf(port), "--internal-port", "0", "--data-dir", dataDir.toString());

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err())
                    .isEqualTo("The port " + port + " is in use (another Spendline, or another program): stop it,"
                            + " or choose another port with --port.\n");
            assertThat(run.out()).isEmpty();
            assertThat(dataDir).doesNotExist();
        }
    }

    @Test
    void portAloneMovesTheInternalPortWhichIsCheckedToo() throws IOException {
        Path dataDir = parent.resolve("data");
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int internal = taken.getLocalPort();
            int port = internal - 1000;
            // The rule; 9080 beside the default 8080, and below --port where +1000 would not be a port.
            assertThat(StandaloneMain.internalPort(8080, null)).isEqualTo(9080);
            assertThat(StandaloneMain.internalPort(port, null)).isEqualTo(internal);
            assertThat(StandaloneMain.internalPort(65000, null)).isEqualTo(64000);
            assertThat(StandaloneMain.internalPort(port, 7000)).isEqualTo(7000);
            if (!Ports.free(port)) {
                return; // Nothing to learn with both taken; the first test covers --port.
            }

            Run run = run("--port", String.valueOf(port), "--data-dir", dataDir.toString());

            assertThat(run.exitCode()).isEqualTo(1);
            assertThat(run.err())
                    .isEqualTo("The internal port " + internal + " is in use (another Spendline, or another program):"
                            + " stop it, or choose another port with --internal-port.\n");
            assertThat(dataDir).doesNotExist();
        }
    }

    @Test
    void thePortAndTheInternalPortMustDiffer() {
        Path dataDir = parent.resolve("data");
        int port = FreePorts.loopback();

        Run run = run(
                "--port",
                String.valueOf(port),
                "--internal-port",
                String.valueOf(port),
                "--data-dir",
                dataDir.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err())
                .isEqualTo("The port and the internal port are both " + port + ": give --internal-port another one.\n");
        assertThat(dataDir).doesNotExist();
    }

    @Test
    void aMistypedOptionNamesTheClosestOneInOneLine() {
        Run run = run("--prot", "8081");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("Unknown option '--prot': did you mean --port? (bin/spendline-local --help lists the"
                        + " options)\n");
        assertThat(run("--data-dri=./x").err()).startsWith("Unknown option '--data-dri=./x': did you mean --data-dir?");
        assertThat(run("set-plan", "--workspce", "ws_1", "TEAM").err())
                .startsWith("Unknown option '--workspce': did you mean --workspace? (bin/spendline-local set-plan"
                        + " --help lists the options)");
    }

    @Test
    void aMistypedCommandNamesTheClosestOneAndNothingWhenNothingIsClose() {
        Run run = run("lst-keys");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err())
                .isEqualTo("Unknown command 'lst-keys': did you mean list-keys? (bin/spendline-local --help lists the"
                        + " commands)\n");

        assertThat(run("--frobnicate").err())
                .isEqualTo("Unknown option '--frobnicate' (bin/spendline-local --help lists the options)\n");
    }

    @Test
    void helpNamesTheRealLauncherAndTheKeyCommands() {
        Run help = run("--help");

        assertThat(help.exitCode()).isZero();
        assertThat(help.out())
                .startsWith("Usage: bin/spendline-local [-hV]")
                .contains("  bin/spendline-local list-keys\n", "  bin/spendline-local set-plan TEAM\n")
                .contains("create-key", "list-keys", "set-plan", "setup-link", "revoke-key")
                .doesNotContain("spendline-standalone");
    }

    @Test
    void commandsAreQuotedForTheShellWhereTheyNeedIt() {
        assertThat(new LocalCommands("./data").command("list-keys"))
                .isEqualTo("bin/spendline-local list-keys --data-dir ./data");
        assertThat(new LocalCommands("my data/it's").command("set-plan", "TEAM"))
                .isEqualTo("bin/spendline-local set-plan TEAM --data-dir 'my data/it'\\''s'");
    }

    private Run run(String... args) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            // If a check let the start through, it would run until stopped: the timeout fails the test instead.
            CommandLine commandLine = StandaloneMain.commandLine();
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            commandLine.setOut(new PrintWriter(out, true));
            commandLine.setErr(new PrintWriter(err, true));
            int exitCode = commandLine.execute(args);
            return new Run(exitCode, out.toString(), err.toString());
        });
    }
}
