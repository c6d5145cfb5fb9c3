package dev.spendline.cli.collector;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code spendline collector run} as the user's background service: a systemd user unit on
 * Linux, a LaunchAgent on macOS. Both restart it when it fails and start it at login. The launcher
 * is the absolute path of the {@code spendline} script (passed by the script itself as
 * {@code -Dspendline.launcher}); run from elsewhere (tests, an IDE), the current JVM and class path.
 */
final class ServiceInstaller {

    static final String UNIT_NAME = "spendline-collector.service";
    static final String LAUNCH_AGENT_LABEL = "dev.spendline.collector";

    /** What installing or removing did, in words for the user; {@code ok} false when it only half worked. */
    record Result(boolean ok, String message) {}

    /** A command's exit code and output. */
    record Ran(int exitCode, String output) {}

    private final CollectorPaths paths;
    private final String osName;
    private final Map<String, String> environment;

    /**
     * @param environment the variables to hand on to the service (XDG directories, the credential
     *     store choice), so it finds what setup wrote
     */
    ServiceInstaller(CollectorPaths paths, String osName, Map<String, String> environment) {
        this.paths = paths;
        this.osName = osName.toLowerCase(Locale.ROOT);
        this.environment = environment;
    }

    boolean macOs() {
        return osName.contains("mac") || osName.contains("darwin");
    }

    boolean linux() {
        return osName.contains("linux");
    }

    /** The command line that runs the collector in the foreground. */
    static List<String> command() {
        String launcher = System.getProperty("spendline.launcher");
        List<String> command = new ArrayList<>();
        if (launcher != null && !launcher.isBlank()) {
            command.add(Path.of(launcher).toAbsolutePath().toString());
        } else {
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add("dev.spendline.cli.SpendlineCli");
        }
        command.add("collector");
        command.add("run");
        return command;
    }

    /** The systemd user unit. */
    String unit() {
        StringBuilder unit = new StringBuilder();
        unit.append("# Written by 'spendline collector setup'; removed by 'spendline collector uninstall'.\n");
        unit.append("[Unit]\n");
        unit.append("Description=Spendline collector (Claude Code and Codex usage)\n");
        unit.append("Documentation=https://github.com/spendline/spendline/blob/main/docs/collector.md\n\n");
        unit.append("[Service]\n");
        unit.append("Type=simple\n");
        for (Map.Entry<String, String> variable : environment.entrySet()) {
            unit.append("Environment=")
                    .append(systemdQuote(variable.getKey() + "=" + variable.getValue()))
                    .append('\n');
        }
        unit.append("ExecStart=");
        List<String> command = command();
        for (int i = 0; i < command.size(); i++) {
            unit.append(i == 0 ? "" : " ").append(systemdQuote(command.get(i)));
        }
        unit.append('\n');
        unit.append("Restart=on-failure\n");
        unit.append("RestartSec=5\n\n");
        unit.append("[Install]\n");
        unit.append("WantedBy=default.target\n");
        return unit.toString();
    }

    /** The LaunchAgent property list. */
    String plist() {
        StringBuilder plist = new StringBuilder();
        plist.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        plist.append("<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\""
                + " \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n");
        plist.append("<plist version=\"1.0\">\n<dict>\n");
        plist.append("  <key>Label</key>\n  <string>")
                .append(LAUNCH_AGENT_LABEL)
                .append("</string>\n");
        plist.append("  <key>ProgramArguments</key>\n  <array>\n");
        for (String argument : command()) {
            plist.append("    <string>").append(xml(argument)).append("</string>\n");
        }
        plist.append("  </array>\n");
        if (!environment.isEmpty()) {
            plist.append("  <key>EnvironmentVariables</key>\n  <dict>\n");
            for (Map.Entry<String, String> variable : environment.entrySet()) {
                plist.append("    <key>").append(xml(variable.getKey())).append("</key>\n");
                plist.append("    <string>").append(xml(variable.getValue())).append("</string>\n");
            }
            plist.append("  </dict>\n");
        }
        plist.append("  <key>RunAtLoad</key>\n  <true/>\n");
        plist.append("  <key>KeepAlive</key>\n  <dict>\n    <key>SuccessfulExit</key>\n    <false/>\n  </dict>\n");
        Path logFile = paths.home().resolve("Library/Logs/spendline-collector.log");
        plist.append("  <key>StandardErrorPath</key>\n  <string>")
                .append(xml(logFile.toString()))
                .append("</string>\n");
        plist.append("</dict>\n</plist>\n");
        return plist.toString();
    }

    Result install() throws IOException {
        if (linux()) {
            Path unitFile = paths.systemdUnit();
            Files2.writeAtomically(unitFile, unit().getBytes(StandardCharsets.UTF_8), false);
            Ran reload = run("systemctl", "--user", "daemon-reload");
            if (reload.exitCode() != 0) {
                return new Result(
                        false,
                        "Wrote " + unitFile + ", but systemd --user is not available here ("
                                + firstLine(reload.output()) + "). Start the collector yourself: "
                                + String.join(" ", command()));
            }
            Ran enable = run("systemctl", "--user", "enable", UNIT_NAME);
            // restart, not start: a rerun of setup (new port, team or session) must reach a running collector.
            Ran restart = enable.exitCode() == 0 ? run("systemctl", "--user", "restart", UNIT_NAME) : enable;
            if (restart.exitCode() != 0) {
                return new Result(
                        false,
                        "Wrote " + unitFile + ", but 'systemctl --user enable/restart " + UNIT_NAME + "' failed: "
                                + firstLine(restart.output()));
            }
            return new Result(
                    true,
                    "Installed and started the user service " + UNIT_NAME + " (" + unitFile
                            + "); logs: journalctl --user -u " + UNIT_NAME);
        }
        if (macOs()) {
            Path plistFile = paths.launchAgent();
            Files2.writeAtomically(plistFile, plist().getBytes(StandardCharsets.UTF_8), false);
            String domain = "gui/" + uid();
            // A previous version is unloaded first: bootstrap refuses a label that is loaded.
            run("launchctl", "bootout", domain + "/" + LAUNCH_AGENT_LABEL);
            Ran bootstrap = run("launchctl", "bootstrap", domain, plistFile.toString());
            if (bootstrap.exitCode() != 0) {
                return new Result(
                        false,
                        "Wrote " + plistFile + ", but 'launchctl bootstrap' failed: " + firstLine(bootstrap.output()));
            }
            return new Result(
                    true, "Installed and started the LaunchAgent " + LAUNCH_AGENT_LABEL + " (" + plistFile + ")");
        }
        return new Result(
                false,
                "No user service manager is supported on " + osName + ": start the collector yourself with: "
                        + String.join(" ", command()));
    }

    /** {@code installed}, {@code active}, or null when it cannot be told; for status. */
    Map<String, Object> status() {
        Map<String, Object> status = new java.util.LinkedHashMap<>();
        if (linux()) {
            status.put("kind", "systemd");
            status.put("installed", Files.exists(paths.systemdUnit()));
            status.put("file", paths.systemdUnit().toString());
            Ran active = run("systemctl", "--user", "is-active", UNIT_NAME);
            status.put("active", active.exitCode() == 0 ? Boolean.TRUE : active.exitCode() < 0 ? null : Boolean.FALSE);
        } else if (macOs()) {
            status.put("kind", "launchd");
            status.put("installed", Files.exists(paths.launchAgent()));
            status.put("file", paths.launchAgent().toString());
            Ran print = run("launchctl", "print", "gui/" + uid() + "/" + LAUNCH_AGENT_LABEL);
            status.put("active", print.exitCode() == 0 && print.output().contains("state = running"));
        } else {
            status.put("kind", "none");
            status.put("installed", false);
        }
        return status;
    }

    Result uninstall() throws IOException {
        if (linux() && Files.exists(paths.systemdUnit())) {
            Ran disable = run("systemctl", "--user", "disable", "--now", UNIT_NAME);
            Files.deleteIfExists(paths.systemdUnit());
            run("systemctl", "--user", "daemon-reload");
            return new Result(
                    disable.exitCode() == 0,
                    "Removed the user service " + UNIT_NAME
                            + (disable.exitCode() == 0
                                    ? ""
                                    : " (systemctl could not stop it: " + firstLine(disable.output()) + ")"));
        }
        if (macOs() && Files.exists(paths.launchAgent())) {
            run("launchctl", "bootout", "gui/" + uid() + "/" + LAUNCH_AGENT_LABEL);
            Files.deleteIfExists(paths.launchAgent());
            return new Result(true, "Removed the LaunchAgent " + LAUNCH_AGENT_LABEL);
        }
        return new Result(true, "No collector service was installed");
    }

    /** Runs a command for at most 30 s; exit code -1 when it cannot run at all. */
    static Ran run(String... command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Ran(-1, command[0] + " did not finish within 30 s");
            }
            return new Ran(process.exitValue(), output.strip());
        } catch (IOException e) {
            return new Ran(-1, command[0] + " not found");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Ran(-1, "interrupted");
        }
    }

    private static String uid() {
        Ran id = run("id", "-u");
        return id.exitCode() == 0 ? id.output().trim() : "501";
    }

    private static String firstLine(String output) {
        String line =
                output == null ? "" : output.lines().findFirst().orElse("").trim();
        return line.isEmpty() ? "no output" : line;
    }

    /**
     * systemd's quoting (systemd.syntax): double quotes around a word with a space, quote or
     * backslash, with {@code "} and {@code \} escaped; a {@code %} (specifier) doubled; {@code $}
     * doubled so that no variable expansion happens in ExecStart.
     */
    static String systemdQuote(String word) {
        String escaped = word.replace("%", "%%").replace("$", "$$");
        if (escaped.matches("[A-Za-z0-9_@%+=:,./-]+")) {
            return escaped;
        }
        return "\"" + escaped.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
