package dev.spendline.cli.collector;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code spendline collector run}: the receiver and the forwarder in the foreground, until stopped
 * (SIGTERM from systemd or launchd, Ctrl-C). Logs go to stderr, which the service managers keep.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the collector in the foreground: the OTLP/HTTP receiver on 127.0.0.1 (/v1/logs, /v1/metrics)"
                    + " and the delivery of usage rows to Spendline. The service installed by setup runs this.",
            "Prints 'Listening on 127.0.0.1:<port>' once ready; logs to stderr."
        })
final class RunCommand extends SpendlineCommand {

    @Option(
            names = "--port",
            paramLabel = "N",
            description = "Receiver port on 127.0.0.1 (default: the one setup chose; 0: any free port).")
    Integer port;

    @Option(
            names = "--max-buffered-rows",
            paramLabel = "N",
            defaultValue = "100000",
            description =
                    "Rows kept on disk while Spendline is unreachable; beyond, the oldest are dropped (default: ${DEFAULT-VALUE}).")
    int maxBufferedRows;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Session session = session();
        CollectorPaths paths = CollectorPaths.of(session.environment());
        CollectorConfig config = CollectorConfig.require(paths);
        int receiverPort = port != null ? port : config.port();
        if (maxBufferedRows < 1) {
            throw new CliException(ExitCodes.USAGE, "invalid_buffer", "--max-buffered-rows must be at least 1");
        }
        PrintWriter log = session.err();
        String url = session.explicitUrl() != null ? session.explicitUrl() : config.url();
        CollectorSession credentials =
                new CollectorSession(new OAuthClient(url), session.environment(), config.store(), Clock.systemUTC());
        try {
            credentials.token();
        } catch (CollectorSession.SessionEndedException e) {
            // Keep receiving: rows wait in the spool until setup renews the session.
            log.println("collector: error: " + TerminalText.escape(e.getMessage()) + "; usage is buffered meanwhile");
        } catch (IOException e) {
            log.println("collector: cannot reach Spendline yet (" + TerminalText.escape(e.getMessage())
                    + "); usage is buffered meanwhile");
        }
        Spool spool = new Spool(paths.spool(), maxBufferedRows);
        CollectorState state = CollectorState.read(paths.state());
        Forwarder forwarder = new Forwarder(
                spool,
                new ClientRowSender(url, credentials),
                state,
                new Quarantine(paths.quarantine(), Quarantine.DEFAULT_MAX_ROWS, Clock.systemUTC()),
                log);
        OtlpReceiver receiver;
        try {
            receiver = new OtlpReceiver(
                    receiverPort,
                    config.receiverToken(),
                    new UsageMapper(new UsageMapper.Identity(config.email(), config.name(), config.team())),
                    spool,
                    forwarder::wake,
                    state,
                    log);
        } catch (BindException e) {
            forwarder.close();
            throw new CliException(
                    ExitCodes.ERROR,
                    "port_in_use",
                    "Cannot listen on 127.0.0.1:" + receiverPort + " (" + e.getMessage()
                            + "); is another collector running? Use --port, and rerun setup with the same --port");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(
                () -> {
                    receiver.close();
                    forwarder.close();
                    stopped.countDown();
                },
                "spendline-collector-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        receiver.start();
        forwarder.start();
        state.started(receiver.port(), ProcessHandle.current().pid());
        state.buffered(spool.rows());
        session.out().println("Listening on 127.0.0.1:" + receiver.port());
        session.out().flush();
        log.println("collector: " + spool.rows() + " buffered row(s); delivering to " + url + " as "
                + TerminalText.escape(config.email()));
        log.flush();
        stopped.await();
        return ExitCodes.OK;
    }
}
