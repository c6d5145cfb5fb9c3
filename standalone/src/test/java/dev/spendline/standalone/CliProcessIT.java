package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged {@code spendline} (cli/target/spendline/bin/spendline) as a process against the real
 * standalone: the launcher script, the file fallback where there is no D-Bus, the printed confirm
 * command run through {@code sh}, and the Secret Service for real, in a private D-Bus session with
 * an unlocked gnome-keyring.
 */
class CliProcessIT {

    /** CI sets it: a missing keyring tool is a failure there, not a skip. */
    private static final boolean KEYRING_REQUIRED = "1".equals(System.getenv("SPENDLINE_REQUIRE_KEYRING"));

    private static Standalone spendline;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws Exception {
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-cli-process-it"), FreePorts.loopback(), 0, 2, Map.of());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    /** The environment changes of a run: this test's config dir and the service URL, no D-Bus. */
    private Map<String, String> environment(Map<String, String> extra) {
        Map<String, String> changes = new HashMap<>();
        changes.put("XDG_CONFIG_HOME", home.resolve("config").toString());
        changes.put("SPENDLINE_URL", spendline.baseUrl());
        changes.put("DBUS_SESSION_BUS_ADDRESS", null);
        changes.put("SPENDLINE_API_KEY", null);
        changes.put("SPENDLINE_CREDENTIAL_STORE", null);
        changes.putAll(extra);
        return changes;
    }

    @Test
    void theLauncherPrintsHelpAndVersion() {
        CliRunner.Result help = CliRunner.launcher(environment(Map.of()), "--help");
        assertThat(help.exitCode()).as(help.toString()).isZero();
        assertThat(help.out()).startsWith("Usage: spendline ").contains("auth", "ask", "action", "Exit codes:");
        CliRunner.Result version = CliRunner.launcher(environment(Map.of()), "--version");
        assertThat(version.out()).startsWith("spendline 0.");
        CliRunner.Result usage = CliRunner.launcher(environment(Map.of()), "action", "prepare-budget");
        assertThat(usage.exitCode()).isEqualTo(2);
    }

    @Test
    void withoutDbusLoginFallsBackToTheUserOnlyFileAndThePrintedConfirmCommandRuns() throws Exception {
        CliIT.Key key = CliIT.newKey(spendline, Plan.TEAM);
        Path credentials = home.resolve("config/spendline/credentials");
        CliRunner.Result login = CliRunner.launcher(
                environment(Map.of("SPENDLINE_API_KEY", key.secret(), "SPENDLINE_CREDENTIAL_STORE", "auto")),
                "auth",
                "login");
        assertThat(login.exitCode()).as(login.toString()).isZero();
        assertThat(login.errLines())
                .singleElement()
                .asString()
                .startsWith("warning: no usable OS credential store")
                .contains("saved the key in " + credentials + " (readable only by you)");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(credentials)))
                .isEqualTo("rw-------");

        // A quote in the name: the printed command must survive the shell exactly.
        CliRunner.Result prepared = CliRunner.launcher(
                environment(Map.of()),
                "action",
                "prepare-budget",
                "--name",
                "Bob's bot",
                "--limit-usd",
                "25",
                "--scope",
                "FEATURE",
                "--scope-value",
                "bob");
        assertThat(prepared.exitCode()).as(prepared.toString()).isZero();
        String command = prepared.out()
                .lines()
                .map(String::strip)
                .filter(line -> line.startsWith("spendline action confirm "))
                .findFirst()
                .orElseThrow();
        Matcher matcher = CliIT.CONFIRM_COMMAND.matcher(command);
        assertThat(matcher.matches()).as(command).isTrue();
        Map<String, String> onPath = new HashMap<>(environment(Map.of()));
        onPath.put("PATH", CliRunner.home().resolve("bin") + ":" + System.getenv("PATH"));
        CliRunner.Result confirmed = CliRunner.process(List.of("sh", "-c", command), onPath);
        assertThat(confirmed.exitCode()).as(confirmed.toString()).isZero();
        assertThat(confirmed.out()).startsWith("Done: Create a MONTHLY budget 'Bob's bot' of $25.00 on feature bob");

        CliRunner.Result logout = CliRunner.launcher(environment(Map.of()), "auth", "logout");
        assertThat(logout.exitCode()).as(logout.toString()).isZero();
        assertThat(credentials).doesNotExist();
        assertThat(CliRunner.launcher(environment(Map.of()), "auth", "status").exitCode())
                .isEqualTo(3);
    }

    @Test
    void askingForTheOsStoreWhereThereIsNoneSavesNothing() {
        CliIT.Key key = CliIT.newKey(spendline, Plan.TEAM);
        CliRunner.Result login = CliRunner.launcher(
                environment(Map.of("SPENDLINE_API_KEY", key.secret(), "SPENDLINE_CREDENTIAL_STORE", "keyring")),
                "auth",
                "login",
                "--json");
        assertThat(login.exitCode()).as(login.toString()).isEqualTo(1);
        assertThat(login.errLines())
                .singleElement()
                .asString()
                .startsWith("spendline: The key was not saved: no usable OS credential store");
        assertThat(login.json().get("code").asString()).isEqualTo("credential_store_unavailable");
        assertThat(home.resolve("config/spendline/credentials")).doesNotExist();
        assertThat(home.resolve("config/spendline/config.json")).doesNotExist();
    }

    @Test
    void theSecretServiceKeepsTheKeyAndLogoutRemovesIt() throws Exception {
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("dbus-daemon", "gnome-keyring-daemon", "secret-tool")) {
            if (!onPath(tool)) {
                missing.add(tool);
            }
        }
        if (!missing.isEmpty()) {
            String message = "missing " + missing
                    + ": apt-get install -y dbus gnome-keyring libsecret-tools to test the Secret Service";
            if (KEYRING_REQUIRED) {
                fail(message + " (SPENDLINE_REQUIRE_KEYRING=1)");
            }
            Assumptions.abort(message);
        }
        try (PrivateKeyring keyring = PrivateKeyring.start(home.resolve("keyring-home"))) {
            CliIT.Key key = CliIT.newKey(spendline, Plan.TEAM);
            Map<String, String> session = new HashMap<>(environment(keyring.environment()));
            Map<String, String> login = new HashMap<>(session);
            login.put("SPENDLINE_API_KEY", key.secret());
            login.put("SPENDLINE_CREDENTIAL_STORE", "auto");

            CliRunner.Result loggedIn = CliRunner.launcher(login, "auth", "login");
            assertThat(loggedIn.exitCode()).as(loggedIn.toString()).isZero();
            assertThat(loggedIn.err()).isEmpty();
            assertThat(loggedIn.out()).contains("The key is saved in the OS credential store");
            assertThat(home.resolve("config/spendline/credentials")).doesNotExist();
            assertThat(keyring.lookup()).isEqualTo(key.secret());

            CliRunner.Result status = CliRunner.launcher(session, "auth", "status", "--json");
            assertThat(status.exitCode()).as(status.toString()).isZero();
            assertThat(status.json().get("store").asString()).isEqualTo("keyring");
            assertThat(status.json().get("workspaceId").asString()).isEqualTo(key.workspaceId());
            CliRunner.Result ask = CliRunner.launcher(session, "ask", "budget status");
            assertThat(ask.exitCode()).as(ask.toString()).isZero();

            // Where the store cannot be reached, logout must not claim the key is gone.
            CliRunner.Result unreachable = CliRunner.launcher(environment(Map.of()), "auth", "logout");
            assertThat(unreachable.exitCode()).as(unreachable.toString()).isEqualTo(1);
            assertThat(unreachable.errLines())
                    .singleElement()
                    .asString()
                    .startsWith("spendline: The key may still be in the OS credential store");
            assertThat(keyring.lookup()).isEqualTo(key.secret());

            // A later login into the file leaves the OS store's copy behind; logout removes both.
            Map<String, String> toFile = new HashMap<>(login);
            toFile.put("SPENDLINE_CREDENTIAL_STORE", "file");
            assertThat(CliRunner.launcher(toFile, "auth", "login").exitCode()).isZero();
            Path credentials = home.resolve("config/spendline/credentials");
            assertThat(credentials).exists();
            assertThat(keyring.lookup()).isEqualTo(key.secret());

            CliRunner.Result logout = CliRunner.launcher(session, "auth", "logout");
            assertThat(logout.exitCode()).as(logout.toString()).isZero();
            assertThat(logout.out())
                    .contains("Removed the saved credential from the OS credential store and the credentials file");
            assertThat(keyring.lookup()).isEmpty();
            assertThat(credentials).doesNotExist();
            assertThat(CliRunner.launcher(session, "auth", "status").exitCode()).isEqualTo(3);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    /**
     * A D-Bus session bus of its own and a gnome-keyring daemon on it, unlocked with a throwaway
     * password, so the test never touches the machine's own keyring. Both are stopped on close.
     */
    private record PrivateKeyring(String address, long busPid, Path home, List<ProcessHandle> daemons)
            implements AutoCloseable {

        static PrivateKeyring start(Path home) throws IOException, InterruptedException {
            Files.createDirectories(home);
            Path runtime = Files.createDirectories(home.resolve("run"));
            Instant before = Instant.now().minusSeconds(1);
            Process bus = new ProcessBuilder("dbus-daemon", "--session", "--fork", "--print-address=1", "--print-pid=1")
                    .redirectErrorStream(true)
                    .start();
            List<String> lines = new String(bus.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .toList();
            assertThat(bus.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(lines).as("dbus-daemon output").hasSizeGreaterThanOrEqualTo(2);
            String address = lines.get(0).strip();
            long busPid = Long.parseLong(lines.get(1).strip());

            ProcessBuilder daemon = new ProcessBuilder("gnome-keyring-daemon", "--unlock", "--components=secrets")
                    .redirectErrorStream(true);
            daemon.environment().put("DBUS_SESSION_BUS_ADDRESS", address);
            daemon.environment().put("HOME", home.toString());
            daemon.environment().put("XDG_DATA_HOME", home.resolve("data").toString());
            daemon.environment().put("XDG_RUNTIME_DIR", runtime.toString());
            Process started = daemon.start();
            // The password of the new login keyring comes on stdin, never as an argument.
            started.getOutputStream().write("spendline-it".getBytes(StandardCharsets.UTF_8));
            started.getOutputStream().close();
            started.getInputStream().readAllBytes();
            assertThat(started.waitFor(10, TimeUnit.SECONDS)).isTrue();
            // The daemon forks away from the process started above; remember it to stop it later.
            List<ProcessHandle> daemons = ProcessHandle.allProcesses()
                    .filter(p -> p.info().command().orElse("").endsWith("gnome-keyring-daemon"))
                    .filter(p -> p.info().startInstant().map(before::isBefore).orElse(false))
                    .toList();
            return new PrivateKeyring(address, busPid, home, daemons);
        }

        Map<String, String> environment() {
            return Map.of("DBUS_SESSION_BUS_ADDRESS", address, "HOME", home.toString());
        }

        /** What {@code secret-tool} finds under the CLI's attributes; empty when nothing. */
        String lookup() {
            Map<String, String> changes = new HashMap<>(environment());
            CliRunner.Result result = CliRunner.process(
                    List.of("secret-tool", "lookup", "service", "spendline", "account", "api-key"), changes);
            return result.out().strip();
        }

        @Override
        public void close() {
            daemons.forEach(ProcessHandle::destroy);
            ProcessHandle.of(busPid).ifPresent(ProcessHandle::destroy);
        }
    }
}
