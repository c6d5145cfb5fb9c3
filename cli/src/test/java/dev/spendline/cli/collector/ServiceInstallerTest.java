package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServiceInstallerTest {

    @TempDir
    Path home;

    private ServiceInstaller installer(String os) {
        return new ServiceInstaller(
                new CollectorPaths(
                        home, home.resolve(".config/spendline"), home.resolve(".local/state/spendline/collector")),
                os,
                Map.of("XDG_CONFIG_HOME", "/tmp/my config"));
    }

    @Test
    void theUnitRunsTheCollectorAndRestartsItOnFailure() {
        String unit = installer("Linux").unit();
        assertThat(unit)
                .contains("ExecStart=")
                .contains(" collector run\n")
                .contains("Restart=on-failure\n")
                .contains("Environment=\"XDG_CONFIG_HOME=/tmp/my config\"\n")
                .contains("WantedBy=default.target\n");
        assertThat(unit.lines()
                        .filter(line -> line.startsWith("ExecStart="))
                        .findFirst()
                        .orElseThrow())
                .matches("ExecStart=/\\S+ .*");
    }

    /** systemd's own checker, when this machine has it (Debian: the systemd package). */
    @Test
    void theUnitPassesSystemdAnalyzeVerify() throws Exception {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/systemd-analyze"))
                        || Files.isExecutable(Path.of("/bin/systemd-analyze")),
                "systemd-analyze is not installed here");
        Path unit = home.resolve(ServiceInstaller.UNIT_NAME);
        Files.writeString(unit, installer("Linux").unit());
        // --user needs a runtime directory; a private one works without a running user manager.
        Path runtime = Files.createDirectory(home.resolve("runtime"));
        ProcessBuilder builder =
                new ProcessBuilder("systemd-analyze", "--user", "verify", unit.toString()).redirectErrorStream(true);
        builder.environment().put("XDG_RUNTIME_DIR", runtime.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        int exitCode = process.waitFor();
        // Unknown keys and bad values are only warnings (exit 0) naming the file: none may appear.
        assertThat(output).doesNotContain(ServiceInstaller.UNIT_NAME + ":");
        assertThat(exitCode).as(output).isZero();
    }

    @Test
    void theLaunchAgentNamesTheLabelAndTheCommand() {
        String plist = installer("Mac OS X").plist();
        assertThat(plist)
                .contains("<string>dev.spendline.collector</string>")
                .contains("<string>collector</string>\n    <string>run</string>")
                .contains("<key>RunAtLoad</key>\n  <true/>")
                .contains("<key>XDG_CONFIG_HOME</key>\n    <string>/tmp/my config</string>");
    }

    @Test
    void systemdQuotingKeepsSpacesAndDisablesExpansion() {
        assertThat(ServiceInstaller.systemdQuote("/opt/spendline/bin/spendline"))
                .isEqualTo("/opt/spendline/bin/spendline");
        assertThat(ServiceInstaller.systemdQuote("/my apps/$x%")).isEqualTo("\"/my apps/$$x%%\"");
    }
}
