package dev.spendline.cli.collector;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code spendline collector status}: the session (who, which workspace, whether a refresh token is
 * stored), the service, the receiver, the last delivery and the buffered rows. Reads only local
 * state: it never refreshes the session (that would rotate the refresh token under the running
 * service).
 */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        description =
                "Shows the collector's session, service, receiver port, last delivery and buffered rows (--json for scripts).")
final class StatusCommand extends SpendlineCommand {

    @Override
    public Integer call() {
        Session session = session();
        CollectorPaths paths = CollectorPaths.of(session.environment());
        Optional<CollectorConfig> maybe = CollectorConfig.read(paths);
        ObjectNode answer = Json.object();
        answer.put("setUp", maybe.isPresent());
        if (maybe.isEmpty()) {
            if (session.json()) {
                session.printJson(answer);
            } else {
                session.out().println("The collector is not set up: run 'spendline collector setup'.");
            }
            return ExitCodes.AUTH;
        }
        CollectorConfig config = maybe.get();
        ObjectNode sessionNode = answer.putObject("session");
        sessionNode.put("url", config.url());
        sessionNode.put("email", config.email());
        sessionNode.put("name", config.name());
        sessionNode.put("workspaceId", config.workspaceId());
        sessionNode.put("workspaceName", config.workspaceName());
        sessionNode.put("team", config.team());
        sessionNode.put("store", config.store());
        boolean refreshable;
        String storeProblem = null;
        try {
            refreshable = CollectorSession.STORE
                    .load(session.environment(), config.store())
                    .isPresent();
        } catch (RuntimeException e) {
            refreshable = false;
            storeProblem = e.getMessage();
        }
        sessionNode.put("refreshable", refreshable);
        if (storeProblem != null) {
            sessionNode.put("storeProblem", storeProblem);
        }

        Map<String, Object> serviceStatus =
                new ServiceInstaller(paths, System.getProperty("os.name", ""), Map.of()).status();
        ObjectNode service = answer.putObject("service");
        serviceStatus.forEach((key, value) -> service.set(key, Json.mapper().valueToTree(value)));

        CollectorState state = CollectorState.read(paths.state());
        ObjectNode receiver = answer.putObject("receiver");
        int port = state.json().path("port").asInt(config.port());
        receiver.put("port", config.port());
        receiver.put("listening", listening(config.port()));
        ObjectNode delivery = answer.putObject("delivery");
        delivery.put("bufferedRows", Spool.countIn(paths.spool()));
        delivery.put("quarantinedRows", Quarantine.countIn(paths.quarantine()));
        delivery.put("quarantineFile", paths.quarantine().toString());
        // The counters since setup, 0 until run first counts one (docs/collector.md lists them all).
        for (String field : new String[] {"deliveredRows", "rejectedRows", "droppedRows"}) {
            delivery.put(field, state.json().path(field).asLong(0));
        }
        for (String field : new String[] {"lastDeliveryAt", "lastDeliveryRows", "lastError", "lastErrorAt"}) {
            JsonNode value = state.json().get(field);
            if (value != null) {
                delivery.set(field, value);
            }
        }
        if (session.json()) {
            session.printJson(answer);
            return ExitCodes.OK;
        }
        PrintWriter out = session.out();
        // Names come from the server and were typed by people: printed escaped, never interpreted.
        out.println("Session:   " + TerminalText.escape(config.email()) + " in workspace "
                + TerminalText.escape(
                        config.workspaceName() != null
                                ? config.workspaceName() + " (" + config.workspaceId() + ")"
                                : config.workspaceId())
                + " at " + TerminalText.escape(config.url()));
        out.println("           "
                + (refreshable
                        ? "renewable (refresh token in "
                                + CollectorSession.STORE.location(session.environment(), config.store()) + ")"
                        : "NOT renewable"
                                + (storeProblem != null
                                        ? " (" + TerminalText.escape(storeProblem) + ")"
                                        : " (no refresh token stored)")
                                + ": run 'spendline collector setup'"));
        if (config.team() != null) {
            out.println("Team:      " + TerminalText.escape(config.team()));
        }
        Object kind = serviceStatus.get("kind");
        out.println("Service:   "
                + ("none".equals(kind)
                        ? "not supported on this system"
                        : (Boolean.TRUE.equals(serviceStatus.get("installed")) ? "installed" : "not installed")
                                + (serviceStatus.get("active") == null
                                        ? ""
                                        : Boolean.TRUE.equals(serviceStatus.get("active"))
                                                ? ", active"
                                                : ", not active")
                                + " (" + kind + ")"));
        out.println("Receiver:  127.0.0.1:" + config.port()
                + (receiver.get("listening").asBoolean() ? " (listening)" : " (not listening)")
                + (port != config.port() ? "; last run used " + port : ""));
        out.println("Delivery:  "
                + (delivery.has("lastDeliveryAt")
                        ? "last at " + delivery.get("lastDeliveryAt").asString() + " ("
                                + delivery.path("lastDeliveryRows").asLong() + " row(s))"
                        : "nothing delivered yet"));
        out.println("Rows:      " + delivery.get("deliveredRows").asLong() + " delivered, "
                + delivery.get("rejectedRows").asLong() + " rejected (refused for good), "
                + delivery.get("droppedRows").asLong() + " dropped (buffer full)");
        out.println("Buffered:  " + delivery.get("bufferedRows").asLong() + " row(s)");
        long quarantined = delivery.get("quarantinedRows").asLong();
        if (quarantined != 0) {
            out.println("Quarantine: "
                    + (quarantined < 0 ? "unreadable" : quarantined + " row(s) quarantined (refused for good)")
                    + ", see " + TerminalText.escape(paths.quarantine().toString()));
        }
        if (delivery.has("lastError")) {
            out.println("Last error: "
                    + TerminalText.escape(delivery.get("lastError").asString()) + " ("
                    + TerminalText.escape(delivery.path("lastErrorAt").asString()) + ")");
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
