package dev.spendline.cli.collector;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code spendline collector uninstall}: undoes setup. The settings files get back what setup
 * replaced (byte for byte when untouched since), the service is stopped and removed, the refresh
 * token is revoked at the server and deleted from the store, and the collector's files go.
 */
@Command(
        name = "uninstall",
        mixinStandardHelpOptions = true,
        description = "Restores the agents' settings, removes the service, revokes and deletes the session, and removes"
                + " the collector's files (rows not yet delivered are discarded).")
final class UninstallCommand extends SpendlineCommand {

    @Override
    public Integer call() throws IOException {
        Session session = session();
        PrintWriter out = session.json() ? session.err() : session.out();
        CollectorPaths paths = CollectorPaths.of(session.environment());
        Optional<CollectorConfig> config = CollectorConfig.read(paths);
        List<String> problems = new ArrayList<>();
        ObjectNode answer = Json.object();

        for (SettingsPatcher.Outcome outcome : new SettingsPatcher(paths).revert()) {
            String agent = "codex".equals(outcome.agent()) ? "Codex" : "Claude Code";
            if (outcome.problem() != null) {
                out.println(agent + ": " + outcome.file() + ": " + outcome.problem());
            } else if (outcome.changed()) {
                out.println(agent + ": restored " + outcome.file() + ":");
                out.println(TerminalText.escapeKeepingLines(outcome.diff()));
            } else {
                out.println(agent + ": " + outcome.file() + " had nothing of the collector's; unchanged.");
            }
            answer.withArray("files")
                    .addObject()
                    .put("file", outcome.file().toString())
                    .put("restored", outcome.changed());
        }

        ServiceInstaller.Result service =
                new ServiceInstaller(paths, System.getProperty("os.name", ""), Map.of()).uninstall();
        out.println(service.message() + ".");
        answer.put("service", service.message());

        if (config.isPresent()) {
            String refreshToken = null;
            try {
                refreshToken = CollectorSession.STORE
                        .load(session.environment(), config.get().store())
                        .orElse(null);
            } catch (RuntimeException e) {
                problems.add("cannot read the session: " + e.getMessage());
            }
            if (refreshToken != null) {
                try {
                    boolean revoked = new OAuthClient(config.get().url()).revoke(refreshToken);
                    out.println(
                            revoked
                                    ? "Revoked the session at " + config.get().url() + "."
                                    : "warning: " + config.get().url() + " did not confirm the revocation");
                    answer.put("revoked", revoked);
                } catch (RuntimeException e) {
                    problems.add(
                            "could not revoke the session (" + e.getMessage() + "); revoke it in Spendline's settings");
                    answer.put("revoked", false);
                }
            }
        }
        List<String> removed = CollectorSession.STORE.deleteEverywhere(session.environment(), problems);
        if (!removed.isEmpty()) {
            out.println("Deleted the session from " + String.join(" and ", removed) + ".");
        }
        long buffered = Spool.countIn(paths.spool());
        if (buffered > 0) {
            out.println("warning: " + buffered + " usage row(s) not yet delivered were discarded.");
        }
        answer.put("discardedRows", Math.max(0, buffered));
        deleteTree(paths.stateDir());
        Files.deleteIfExists(paths.config());
        // Spendline's own directories go too when the collector was all that was in them; anything
        // else there (the CLI's own settings) keeps them.
        deleteIfEmpty(paths.stateDir().getParent());
        deleteIfEmpty(paths.configDir());
        for (String problem : problems) {
            session.err().println("warning: " + problem);
        }
        out.println("The collector is uninstalled. Restart running Claude Code and Codex sessions.");
        out.flush();
        session.err().flush();
        if (session.json()) {
            session.printJson(answer);
        }
        return ExitCodes.OK;
    }

    private static void deleteIfEmpty(Path dir) throws IOException {
        if (dir == null || !Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                return;
            }
        }
        Files.deleteIfExists(dir);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
