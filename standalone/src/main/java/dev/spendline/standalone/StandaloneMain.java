package dev.spendline.standalone;

import dev.spendline.contracts.validation.TerminalText;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.keys.ApiKey;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.BrokerCredentials;
import dev.spendline.streams.deadletter.DeadLetterRedrive;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.h2.jdbcx.JdbcDataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bin/spendline-local} (the jar's main class): runs Spendline on this machine with everything
 * embedded, and manages the API keys and plans of a local installation. The command's name in
 * usage lines and hints is the launcher's real name ({@link LocalCommands}), not this annotation's.
 */
@Command(
        name = "spendline-standalone",
        mixinStandardHelpOptions = true,
        versionProvider = StandaloneMain.Version.class,
        description = "Runs Spendline locally: an embedded Kafka broker, the control-plane database and all"
                + " services behind one base URL. Data lives under --data-dir and survives restarts.",
        subcommands = {
            StandaloneMain.CreateKey.class,
            StandaloneMain.ListKeys.class,
            StandaloneMain.RevokeKey.class,
            StandaloneMain.SetupLink.class,
            StandaloneMain.SetPlan.class,
            StandaloneMain.RedriveDeadLetters.class,
            AddPrice.class
        })
public final class StandaloneMain implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--data-dir",
            defaultValue = "${env:SPENDLINE_DATA_DIR:-./data}",
            description = "Where Kafka, the streams state and the database live (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(
            names = "--port",
            defaultValue = "${env:SPENDLINE_PORT:-8080}",
            description = "HTTP port of the base URL (default: ${DEFAULT-VALUE}).")
    int port;

    // Null unless given (option or env): then it follows --port, so that --port alone moves both.
    @Option(
            names = "--internal-port",
            defaultValue = "${env:SPENDLINE_INTERNAL_PORT}",
            description = "The internal port: actuator (health, metrics) and instance-to-instance queries,"
                    + " on 127.0.0.1 only (default: --port + 1000, so 9080 with the default --port).")
    Integer internalPort;

    @Option(
            names = "--kafka-port",
            defaultValue = "${env:SPENDLINE_KAFKA_PORT:-0}",
            description = "Port of the embedded Kafka broker; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int kafkaPort;

    @Option(
            names = "--kafka-bootstrap-servers",
            defaultValue = "${env:SPENDLINE_KAFKA_BOOTSTRAP_SERVERS}",
            description = "Use this Kafka cluster instead of the embedded broker (host:port,...).")
    String externalKafka;

    @Option(
            names = "--partitions",
            defaultValue = "4",
            description = "Partitions of the input topics when they are first created (default: ${DEFAULT-VALUE}).")
    int partitions;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * The command line as {@code main} runs it: a key command given the data directory of a running
     * Spendline is run by that process ({@link RunningStandalone}), otherwise here on the files.
     */
    static CommandLine commandLine() {
        CommandLine commandLine = configured(new CommandLine(new StandaloneMain()));
        CommandLine.IExecutionStrategy local = new CommandLine.RunLast();
        commandLine.setExecutionStrategy(
                parsed -> forwardToRunning(commandLine, parsed).orElseGet(() -> local.execute(parsed)));
        return commandLine;
    }

    private static java.util.Optional<Integer> forwardToRunning(
            CommandLine commandLine, CommandLine.ParseResult parsed) {
        CommandLine.ParseResult sub = parsed.subcommand();
        if (sub == null
                || sub.isUsageHelpRequested()
                || sub.isVersionHelpRequested()
                || !RunningStandalone.COMMANDS.contains(sub.commandSpec().name())) {
            return java.util.Optional.empty();
        }
        CommandLine.Model.CommandSpec mixin = sub.commandSpec().mixins().get("dataDir");
        if (mixin == null) {
            return java.util.Optional.empty();
        }
        DataDir dataDir = (DataDir) mixin.userObject();
        return RunningStandalone.forward(dataDir.path.toAbsolutePath().normalize(), parsed.originalArgs())
                .map(result -> {
                    commandLine.getOut().print(result.out());
                    commandLine.getOut().flush();
                    commandLine.getErr().print(result.err());
                    commandLine.getErr().flush();
                    return result.exitCode();
                });
    }

    /**
     * Runs a key command inside the running Spendline, on its own database connection ({@link
     * LocalCommandController}): the same command, the same output.
     */
    static RunningStandalone.Result runHere(List<String> args, JdbcClient controlPlane, String baseUrl) {
        CommandLine commandLine = configured(new CommandLine(new StandaloneMain(), new CommandLine.IFactory() {
            private final CommandLine.IFactory defaults = CommandLine.defaultFactory();

            @Override
            public <K> K create(Class<K> cls) throws Exception {
                K created = defaults.create(cls);
                if (created instanceof DataDir dataDir) {
                    dataDir.running = controlPlane;
                    dataDir.runningBaseUrl = baseUrl;
                }
                return created;
            }
        }));
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args.toArray(String[]::new));
        return new RunningStandalone.Result(exitCode, out.toString(), err.toString());
    }

    /**
     * The command line with the launcher's real name in its usage lines, the key commands as
     * examples under {@code --help}, and a one-line answer to a mistyped option or command.
     */
    static CommandLine configured(CommandLine commandLine) {
        commandLine.setCommandName(LocalCommands.launcher());
        // Picocli formats the footer (%n): a % in the launcher's path must stay a %.
        List<String> footer = LocalCommands.helpFooter();
        commandLine
                .getCommandSpec()
                .usageMessage()
                .footer(footer.stream().map(line -> line.replace("%", "%%")).toArray(String[]::new));
        // A command wrapped onto two lines no longer runs as pasted: wide enough for the longest one.
        int longestCommand = footer.stream()
                .filter(line -> line.startsWith("  "))
                .mapToInt(String::length)
                .max()
                .orElse(0);
        commandLine.setUsageHelpWidth(Math.max(80, longestCommand + 1));
        commandLine.setParameterExceptionHandler(new Mistyped(commandLine.getParameterExceptionHandler()));
        return commandLine;
    }

    /**
     * The internal port: as given, else {@code --port + 1000} (9080 beside the default 8080), so
     * that a second Spendline started with {@code --port} alone does not collide on 9080; below
     * {@code --port} when that would pass 65535.
     */
    static int internalPort(int port, Integer given) {
        if (given != null) {
            return given;
        }
        return port + 1000 <= 65535 ? port + 1000 : port - 1000;
    }

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        int internal = internalPort(port, internalPort);
        // Before anything is created (data directory, broker, database): a port in use is one line.
        Optional<String> busy = Ports.firstInUse(List.of(
                new Ports.Port(port, "--port", "The port"),
                new Ports.Port(internal, "--internal-port", "The internal port"),
                new Ports.Port(externalKafka == null ? kafkaPort : 0, "--kafka-port", "The Kafka port")));
        if (busy.isPresent()) {
            spec.commandLine().getErr().println(busy.get());
            spec.commandLine().getErr().flush();
            return 1;
        }
        out.println("Starting Spendline (data in "
                + TerminalText.escape(dataDir.toAbsolutePath().normalize().toString()) + ") ...");
        out.flush();
        long started = System.nanoTime();
        Standalone standalone = Standalone.start(
                dataDir, port, externalKafka, kafkaPort, partitions, Map.of(Standalone.INTERNAL_PORT, internal));
        LocalCommands commands = new LocalCommands(dataDir.toString());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            System.out.println("Stopping Spendline ...");
                            standalone.close();
                            stopped.countDown();
                        },
                        "spendline-shutdown"));
        // Standalone.start returns once /readyz answers: Kafka Streams runs and its stores answer,
        // so the first question asked after this line gets an answer, not a 503.
        out.printf(
                "Spendline is running at %s (started in %.1f s)%n",
                standalone.baseUrl(), (System.nanoTime() - started) / 1e9);
        if (!standalone.ready()) {
            out.println("Kafka Streams is not running yet (still restoring its state, or failed: see the log);"
                    + " reports answer 503 until " + standalone.baseUrl() + "/readyz answers 200.");
        }
        standalone
                .firstKey()
                .ifPresentOrElse(
                        key -> {
                            out.println();
                            out.println("Created workspace '" + "Default workspace" + "' ("
                                    + key.key().workspaceId() + "). Its API key, shown only this once:");
                            out.println();
                            out.println("    " + key.secret());
                            out.println();
                            out.println("Keep it in a secret manager or an environment variable, e.g.");
                            out.println("    export SPENDLINE_API_KEY=" + key.secret());
                            standalone.setupLink().ifPresent(link -> {
                                out.println();
                                out.println("Open this link to create your account and own this workspace"
                                        + " (it works once):");
                                out.println();
                                out.println("    " + link);
                            });
                            out.println();
                            out.println("List the keys, or create another (more commands: "
                                    + TerminalText.escape(LocalCommands.launcher()) + " --help):");
                            out.println();
                            commands.afterFirstStart()
                                    .forEach(command -> out.println("    " + TerminalText.escape(command)));
                            out.println();
                        },
                        () -> {
                            out.println("Sign in at " + standalone.baseUrl() + "/signin. Another API key:");
                            out.println("    " + TerminalText.escape(commands.anotherKey()));
                        });
        out.println("Stop with Ctrl-C.");
        out.flush();
        stopped.await();
        return 0;
    }

    /** The workspace a command names, or the only one; a clear error otherwise. */
    static Workspace chooseWorkspace(
            CommandLine.Model.CommandSpec spec, DataDir dataDir, String workspaceId, WorkspaceRepository workspaces) {
        if (workspaceId != null) {
            return workspaces
                    .findById(workspaceId)
                    .orElseThrow(() -> new CommandLine.ParameterException(
                            spec.commandLine(),
                            "No workspace " + TerminalText.escape(workspaceId) + " in "
                                    + TerminalText.escape(dataDir.path.toString()) + "; list-keys shows them"));
        }
        List<Workspace> all = workspaces.findAll();
        if (all.size() != 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    all.isEmpty()
                            ? "No workspace yet in " + TerminalText.escape(dataDir.path.toString())
                                    + ": start Spendline once"
                            : "There are " + all.size() + " workspaces: choose one with --workspace");
        }
        return all.get(0);
    }

    /** The option every key-management command takes. */
    static final class DataDir {
        @Option(
                names = "--data-dir",
                defaultValue = "${env:SPENDLINE_DATA_DIR:-./data}",
                description = "Data directory of the installation (default: ${DEFAULT-VALUE}).")
        Path path;

        /** The running Spendline's database, when the command runs inside it; null otherwise. */
        JdbcClient running;

        /** The running Spendline's base URL, when the command runs inside it; null otherwise. */
        String runningBaseUrl;

        /**
         * The control-plane database: the running Spendline's connection when the command was sent
         * there, or the file itself when no Spendline runs on this data directory (H2's lock refuses
         * a second process, with a clear message).
         */
        JdbcClient controlPlane() {
            if (running != null) {
                return running;
            }
            Path dir = path.toAbsolutePath().normalize();
            // Migrations on connections of their own, closed before the command's: see ControlPlaneDatabase.
            ControlPlaneDatabase.migrate(dir);
            JdbcDataSource dataSource = ControlPlaneDatabase.dataSource(dir);
            return JdbcClient.create(dataSource);
        }
    }

    @Command(
            name = "create-key",
            mixinStandardHelpOptions = true,
            description = "Issues a new API key for a workspace (the only one by default) and prints it once.")
    static final class CreateKey implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Option(names = "--workspace", description = "Workspace id (ws_...) to issue the key for.")
        String workspaceId;

        @Option(
                names = "--new-workspace",
                paramLabel = "NAME",
                description = "Create a new workspace with this name first.")
        String newWorkspace;

        @Option(
                names = "--plan",
                defaultValue = "FREE",
                description = "Plan of a new workspace: FREE or TEAM (default: ${DEFAULT-VALUE}).")
        Plan plan;

        @Option(names = "--name", defaultValue = "cli", description = "A name for the key (default: ${DEFAULT-VALUE}).")
        String name;

        @Override
        public Integer call() {
            JdbcClient jdbc = dataDir.controlPlane();
            WorkspaceRepository workspaces = new WorkspaceRepository(jdbc, Clock.systemUTC());
            String target = workspaceId;
            // Names are checked before anything is created: a bad key name must not leave a new workspace behind.
            requireName("--name", name);
            if (newWorkspace != null) {
                requireName("--new-workspace", newWorkspace);
                Workspace created = workspaces.create(newWorkspace, plan);
                target = created.id();
                spec.commandLine()
                        .getOut()
                        .println("Created workspace '" + TerminalText.escape(created.name()) + "' (" + created.id()
                                + ", " + created.plan() + ")");
            } else if (target == null) {
                List<Workspace> all = workspaces.findAll();
                if (all.size() != 1) {
                    throw new CommandLine.ParameterException(
                            spec.commandLine(),
                            all.isEmpty()
                                    ? "No workspace yet: start Spendline once, or pass --new-workspace NAME"
                                    : "There are " + all.size() + " workspaces: choose one with --workspace");
                }
                target = all.get(0).id();
            }
            IssuedApiKey key = new ApiKeyRepository(jdbc, Clock.systemUTC()).issue(target, name);
            PrintWriter out = spec.commandLine().getOut();
            out.println("API key " + key.key().id() + " for workspace " + TerminalText.escape(target)
                    + ", shown only this once:");
            out.println(key.secret());
            return 0;
        }

        /** The control plane's rule for names, as a usage error naming the option. */
        private void requireName(String option, String value) {
            try {
                WorkspaceRepository.requireName(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), option + ": the " + e.getMessage());
            }
        }
    }

    @Command(
            name = "list-keys",
            mixinStandardHelpOptions = true,
            description = "Lists workspaces and their API keys (never the secrets).")
    static final class ListKeys implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Override
        public Integer call() {
            JdbcClient jdbc = dataDir.controlPlane();
            ApiKeyRepository keys = new ApiKeyRepository(jdbc, Clock.systemUTC());
            PrintWriter out = spec.commandLine().getOut();
            for (Workspace ws : new WorkspaceRepository(jdbc, Clock.systemUTC()).findAll()) {
                // Names stored before they were checked may hold ESC, CR or LF: printed escaped, never interpreted.
                out.println(ws.id() + "  " + ws.plan() + "  " + TerminalText.escape(ws.name()));
                for (ApiKey key : keys.listForWorkspace(ws.id())) {
                    out.printf(
                            "    %s  %s…  %-12s created %s%s%n",
                            key.id(),
                            key.prefix(),
                            TerminalText.escape(key.name()),
                            key.createdAt(),
                            key.revoked() ? "  REVOKED " + key.revokedAt() : "");
                }
            }
            return 0;
        }
    }

    @Command(
            name = "revoke-key",
            mixinStandardHelpOptions = true,
            description =
                    "Revokes an API key; a running Spendline refuses it within the key cache time (30 s by default).")
    static final class RevokeKey implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Parameters(paramLabel = "KEY_ID", description = "The key id (key_...), as list-keys shows it.")
        String keyId;

        @Override
        public Integer call() {
            boolean found = new ApiKeyRepository(dataDir.controlPlane(), Clock.systemUTC()).revoke(keyId);
            if (!found) {
                spec.commandLine().getErr().println("No API key " + TerminalText.escape(keyId));
                return 1;
            }
            spec.commandLine().getOut().println("Revoked " + TerminalText.escape(keyId));
            return 0;
        }
    }

    @Command(
            name = "set-plan",
            mixinStandardHelpOptions = true,
            description = "Sets the plan of a workspace (the only one by default). TEAM enables write actions:"
                    + " budgets, alert snoozes and experiment guardrails, each prepared and then confirmed."
                    + " A running Spendline applies it within the key cache time (30 s by default).")
    static final class SetPlan implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Option(names = "--workspace", paramLabel = "ID", description = "Workspace id (ws_...), as list-keys shows it.")
        String workspaceId;

        // A String, not the enum, so a typo gets one line naming the plans instead of picocli's generic message.
        @Parameters(paramLabel = "PLAN", description = "FREE or TEAM.")
        String planName;

        @Override
        public Integer call() {
            Plan plan = plan(planName);
            WorkspaceRepository workspaces = new WorkspaceRepository(dataDir.controlPlane(), Clock.systemUTC());
            Workspace workspace = target(workspaces);
            if (workspace.plan() == plan) {
                spec.commandLine()
                        .getOut()
                        .println("Workspace '" + TerminalText.escape(workspace.name()) + "' (" + workspace.id()
                                + ") is already on " + plan);
                return 0;
            }
            workspaces.updatePlan(workspace.id(), plan);
            spec.commandLine()
                    .getOut()
                    .println("Workspace '" + TerminalText.escape(workspace.name()) + "' (" + workspace.id()
                            + ") is now on " + plan
                            + " (was " + workspace.plan() + ")");
            return 0;
        }

        private Plan plan(String name) {
            for (Plan plan : Plan.values()) {
                if (plan.name().equalsIgnoreCase(name.trim())) {
                    return plan;
                }
            }
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "Unknown plan '" + TerminalText.escape(name) + "': use FREE or TEAM");
        }

        private Workspace target(WorkspaceRepository workspaces) {
            return chooseWorkspace(spec, dataDir, workspaceId, workspaces);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = StandaloneMain.class.getPackage().getImplementationVersion();
            return new String[] {"Spendline " + (version == null ? "development" : version)};
        }
    }

    @Command(
            name = "setup-link",
            mixinStandardHelpOptions = true,
            description = "Prints a new one-time link that makes its opener the owner of a workspace nobody has"
                    + " claimed yet (the link printed at first start stops working). A claimed workspace has an"
                    + " owner: ask them for an invitation instead.")
    static final class SetupLink implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Option(names = "--workspace", paramLabel = "ID", description = "Workspace id (ws_...), as list-keys shows it.")
        String workspaceId;

        @Option(
                names = "--url",
                description = "The base URL the link starts with (default: the base URL of the Spendline running on"
                        + " --data-dir, else http://127.0.0.1:8080, or $SPENDLINE_PORT's port).")
        String baseUrl;

        @Override
        public Integer call() {
            JdbcClient controlPlane = dataDir.controlPlane();
            Workspace workspace = chooseWorkspace(
                    spec, dataDir, workspaceId, new WorkspaceRepository(controlPlane, Clock.systemUTC()));
            var token = new SetupLinkRepository(controlPlane, Clock.systemUTC()).issue(workspace.id());
            if (token.isEmpty()) {
                spec.commandLine()
                        .getErr()
                        .println("Workspace '" + TerminalText.escape(workspace.name()) + "' (" + workspace.id()
                                + ") already has an owner: ask them for an invitation link (Settings > Members).");
                return 1;
            }
            String url = baseUrl != null
                    ? baseUrl
                    : dataDir.runningBaseUrl != null
                            ? dataDir.runningBaseUrl
                            : "http://127.0.0.1:"
                                    + java.util.Objects.requireNonNullElse(System.getenv("SPENDLINE_PORT"), "8080");
            String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
            spec.commandLine().getOut().println(TerminalText.escape(base) + "/setup/" + token.get());
            return 0;
        }
    }

    @Command(
            name = "redrive-dead-letters",
            mixinStandardHelpOptions = true,
            description = "Writes the records set aside on spendline.dead-letters.v1 back to the topics they came"
                    + " from (original key, value, timestamp and headers), after the fix that lets the topology"
                    + " process them. Re-driving the same range twice writes the records twice: events with a"
                    + " source and externalId are counted once anyway, others twice (docs/operations.md).")
    static final class RedriveDeadLetters implements Callable<Integer> {
        @Spec
        CommandLine.Model.CommandSpec spec;

        @Mixin
        DataDir dataDir;

        @Option(
                names = "--kafka-bootstrap-servers",
                paramLabel = "HOST:PORT,...",
                description = "The Kafka cluster (default: the embedded broker Spendline runs on --data-dir, with its"
                        + " credentials from that directory).")
        String bootstrapServers;

        @Option(
                names = "--kafka-property",
                paramLabel = "KEY=VALUE",
                description = "A Kafka client setting, e.g. security.protocol=SASL_SSL; repeatable.")
        Map<String, String> kafkaProperties = new java.util.LinkedHashMap<>();

        @Option(
                names = "--from-offset",
                paramLabel = "N",
                description = "Start at this offset in every partition (default: the oldest dead letter).")
        Long fromOffset;

        @Option(
                names = "--since",
                paramLabel = "TIME",
                description = "Only dead letters of records at or after this time (ISO-8601, e.g."
                        + " 2026-11-25T00:00:00Z).")
        java.time.Instant since;

        @Option(names = "--workspace", paramLabel = "ID", description = "Only this workspace's dead letters.")
        String workspace;

        @Option(names = "--dry-run", description = "List what would be re-driven; write nothing.")
        boolean dryRun;

        @Override
        public Integer call() {
            String bootstrap = bootstrapServers != null
                    ? bootstrapServers
                    : Standalone.bootstrapServersOf(dataDir.path)
                            .orElseThrow(() -> new CommandLine.ParameterException(
                                    spec.commandLine(),
                                    "No embedded broker has run on " + dataDir.path
                                            + ": give --kafka-bootstrap-servers"));
            Map<String, Object> client = new java.util.HashMap<>();
            if (bootstrapServers == null) {
                // The embedded broker requires its generated credentials (data directory, 0600).
                client.putAll(BrokerCredentials.ofStandalone(dataDir.path).clientProperties());
            }
            client.putAll(kafkaProperties);
            client.put("bootstrap.servers", bootstrap);
            PrintWriter out = spec.commandLine().getOut();
            DeadLetterRedrive.Result result = new DeadLetterRedrive(client)
                    .run(new DeadLetterRedrive.Options(fromOffset, since, workspace, dryRun), out);
            out.printf(
                    "%s %d dead letter(s) %s, skipped %d. End offsets per partition: %s (start there next time"
                            + " with --from-offset, or use --since).%n",
                    dryRun ? "Would re-drive" : "Re-drove",
                    result.redriven(),
                    result.redrivenByTopic(),
                    result.skipped(),
                    result.endOffsets());
            out.flush();
            return 0;
        }
    }
}
