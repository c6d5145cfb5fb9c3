package dev.spendline.cli.collector;

import dev.spendline.cli.CliException;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.cli.auth.SecretStore;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code spendline collector setup}: signs the collector in (browser, or the device grant with
 * {@code --no-browser}), stores the renewable session, points Claude Code and Codex at the local
 * receiver, and installs the background service. Safe to rerun: what is already right is left
 * byte for byte.
 */
@Command(
        name = "setup",
        mixinStandardHelpOptions = true,
        description = {
            "Signs the collector in to Spendline, stores its renewable session in the OS credential store,"
                    + " points Claude Code (~/.claude/settings.json) and Codex (~/.codex/config.toml) at the local"
                    + " receiver, and installs a user service that runs 'spendline collector run'.",
            "Safe to rerun. Running agent sessions must be restarted afterwards."
        })
final class SetupCommand extends SpendlineCommand {

    @Option(names = "--no-browser", description = "Use the device grant: print a code and a URL to open anywhere.")
    boolean noBrowser;

    @Option(
            names = "--no-service",
            description = "Install no background service; print how to run the collector instead.")
    boolean noService;

    @Option(names = "--team", paramLabel = "NAME", description = "Team name put on every usage row.")
    String team;

    @Option(
            names = "--port",
            paramLabel = "N",
            description = "Port of the local receiver on 127.0.0.1 (default: the current one, else 4319).")
    Integer port;

    @Override
    public Integer call() throws IOException {
        Session session = session();
        Environment environment = session.environment();
        PrintWriter out = session.json() ? session.err() : session.out();
        CollectorPaths paths = CollectorPaths.of(environment);
        Optional<CollectorConfig> previous = CollectorConfig.read(paths);
        int receiverPort =
                port != null ? port : previous.map(CollectorConfig::port).orElse(CollectorConfig.DEFAULT_PORT);
        if (receiverPort < 1 || receiverPort > 65535) {
            throw new CliException(
                    ExitCodes.USAGE, "invalid_port", "--port must be between 1 and 65535, not " + receiverPort);
        }
        String url = session.explicitUrl() != null || previous.isEmpty()
                ? session.url()
                : previous.get().url();

        OAuthClient oauth = new OAuthClient(url);
        OAuthClient.TokenResponse tokens = noBrowser
                ? new DeviceAuthorization(oauth, out, duration -> Thread.sleep(duration.toMillis())).authorize()
                : new BrowserAuthorization(oauth, out, BrowserAuthorization::openBrowser, BrowserAuthorization.WAIT)
                        .authorize();
        ObjectNode claims;
        try {
            claims = OAuthClient.claims(tokens.accessToken());
        } catch (IllegalArgumentException e) {
            throw new CliException(
                    ExitCodes.ERROR,
                    "unexpected_token",
                    "The service's access token cannot be read: " + e.getMessage());
        }
        String email = Json.text(claims, "email");
        if (email == null || tokens.refreshToken() == null) {
            throw new CliException(
                    ExitCodes.ERROR,
                    "unexpected_token",
                    "The service's answer lacks " + (email == null ? "the e-mail claim" : "a refresh token") + "; is "
                            + url + " a Spendline service with collector support?");
        }

        String oldRefreshToken = previous.map(config -> {
                    try {
                        return CollectorSession.STORE
                                .load(environment, config.store())
                                .orElse(null);
                    } catch (RuntimeException e) {
                        return null;
                    }
                })
                .orElse(null);
        SecretStore.Saved saved;
        try {
            saved = CollectorSession.STORE.save(environment, tokens.refreshToken());
        } catch (IllegalStateException e) {
            throw new CliException(
                    ExitCodes.ERROR, "credential_store_unavailable", "The session was not saved: " + e.getMessage(), e);
        }
        if (saved.warning() != null) {
            session.err().println(saved.warning());
            session.err().flush();
        }
        if (oldRefreshToken != null && !oldRefreshToken.equals(tokens.refreshToken())) {
            // The previous session is replaced: revoked once the new one is safely stored (best effort).
            try {
                new OAuthClient(previous.get().url()).revoke(oldRefreshToken);
            } catch (RuntimeException e) {
                session.err()
                        .println("warning: could not revoke the previous session: "
                                + TerminalText.escape(e.getMessage()));
            }
        }
        String receiverToken = previous.map(CollectorConfig::receiverToken).orElse(null);
        if (receiverToken == null) {
            receiverToken = BrowserAuthorization.random(24);
        }
        String teamName = team != null
                ? (team.isBlank() ? null : team.trim())
                : previous.map(CollectorConfig::team).orElse(null);
        CollectorConfig config = new CollectorConfig(
                url,
                receiverPort,
                teamName,
                receiverToken,
                saved.store(),
                email.toLowerCase(java.util.Locale.ROOT),
                Json.text(claims, "name"),
                Json.text(claims, "workspace_id"),
                Json.text(claims, "workspace_name"));
        config.write(paths);
        // The workspace name is whatever its owner typed: printed escaped, never interpreted.
        out.println("Signed in as " + TerminalText.escape(config.email()) + " in workspace "
                + TerminalText.escape(config.workspaceName() != null ? config.workspaceName() : config.workspaceId())
                + ".");
        out.println("The session is saved in " + saved.location() + ".");

        List<SettingsPatcher.Outcome> outcomes =
                new SettingsPatcher(paths).apply(receiverPort, receiverToken, config.email());
        ArrayNode files = Json.mapper().createArrayNode();
        for (SettingsPatcher.Outcome outcome : outcomes) {
            String agent = "codex".equals(outcome.agent()) ? "Codex" : "Claude Code";
            ObjectNode file = files.addObject();
            file.put("agent", outcome.agent());
            file.put("file", outcome.file().toString());
            file.put("changed", outcome.changed());
            if (outcome.problem() != null) {
                file.put("problem", outcome.problem());
                session.err().println("warning: " + agent + ": " + outcome.problem());
            } else if (outcome.changed()) {
                out.println(agent + ": updated " + outcome.file() + ":");
                out.println(TerminalText.escapeKeepingLines(outcome.diff()));
            } else {
                out.println(agent + ": " + outcome.file() + " is already set up; unchanged.");
            }
        }

        ObjectNode service = Json.object();
        if (noService) {
            String command = String.join(" ", ServiceInstaller.command());
            out.println(
                    "No service installed (--no-service). Run the collector yourself, e.g.: spendline collector run");
            service.put("installed", false);
            service.put("command", command);
        } else {
            ServiceInstaller.Result result = new ServiceInstaller(
                            paths, System.getProperty("os.name", ""), serviceEnvironment(environment))
                    .install();
            (result.ok() ? out : session.err())
                    .println(result.ok() ? result.message() : "warning: " + result.message());
            service.put("installed", result.ok());
            service.put("message", result.message());
        }
        out.println("Restart running Claude Code and Codex sessions: they read these settings only when they start.");
        out.flush();
        session.err().flush();
        if (session.json()) {
            ObjectNode answer = Json.object();
            answer.put("url", url);
            answer.put("email", config.email());
            answer.put("workspaceId", config.workspaceId());
            answer.put("workspaceName", config.workspaceName());
            answer.put("store", saved.store());
            answer.put("port", receiverPort);
            answer.set("files", files);
            answer.set("service", service);
            session.printJson(answer);
        }
        return ExitCodes.OK;
    }

    /** What the service needs to find the same files and store as this setup. */
    static Map<String, String> serviceEnvironment(Environment environment) {
        Map<String, String> variables = new LinkedHashMap<>();
        for (String name : List.of("XDG_CONFIG_HOME", "XDG_STATE_HOME", Environment.CREDENTIAL_STORE)) {
            String value = environment.variable(name);
            if (value != null) {
                variables.put(name, value);
            }
        }
        return variables;
    }
}
