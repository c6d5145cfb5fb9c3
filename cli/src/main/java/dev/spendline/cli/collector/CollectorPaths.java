package dev.spendline.cli.collector;

import dev.spendline.cli.Environment;
import java.nio.file.Path;

/**
 * Every file the collector reads or writes, resolved from {@code HOME} and the {@code XDG_*}
 * variables only, so a test points {@code HOME} at a temporary directory and touches nothing else.
 *
 * @param home the user's home ({@code $HOME})
 * @param configDir {@code $XDG_CONFIG_HOME/spendline}
 * @param stateDir {@code $XDG_STATE_HOME/spendline/collector}
 */
public record CollectorPaths(Path home, Path configDir, Path stateDir) {

    public static CollectorPaths of(Environment environment) {
        return new CollectorPaths(
                environment.home(),
                environment.configDir(),
                environment.stateDir().resolve("collector"));
    }

    /** The non-secret settings: URL, port, team, receiver token, the signed-in identity. */
    public Path config() {
        return configDir.resolve("collector.json");
    }

    /** What setup changed in each agent's settings, so uninstall can put it back. */
    public Path installRecord() {
        return stateDir.resolve("install.json");
    }

    /** The original settings files, copied before setup first changed them. */
    public Path backups() {
        return stateDir.resolve("backups");
    }

    /** The on-disk buffer of rows not delivered yet. */
    public Path spool() {
        return stateDir.resolve("spool");
    }

    /** Rows Spendline refused for good, kept as JSON lines (0600) for a person to look at. */
    public Path quarantine() {
        return stateDir.resolve("quarantine.jsonl");
    }

    /** What {@code status} shows: last delivery, counters, last error. */
    public Path state() {
        return stateDir.resolve("state.json");
    }

    public Path claudeSettings() {
        return home.resolve(".claude").resolve("settings.json");
    }

    public Path codexConfig() {
        return home.resolve(".codex").resolve("config.toml");
    }

    public Path systemdUnit() {
        return home.resolve(".config/systemd/user").resolve(ServiceInstaller.UNIT_NAME);
    }

    public Path launchAgent() {
        return home.resolve("Library/LaunchAgents").resolve(ServiceInstaller.LAUNCH_AGENT_LABEL + ".plist");
    }
}
