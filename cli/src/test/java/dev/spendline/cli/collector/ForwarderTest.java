package dev.spendline.cli.collector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.cli.Json;
import dev.spendline.client.BearerCredentials;
import io.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The spool's rows delivered through spendline-client to an HTTP peer shaped like the ingest endpoint. */
class ForwarderTest {

    @TempDir
    Path dir;

    private FakeSpendline spendline;
    private final StringWriter log = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        spendline = new FakeSpendline();
    }

    @AfterEach
    void stop() {
        spendline.close();
    }

    private List<ObjectNode> realRows() throws Exception {
        UsageMapper mapper = new UsageMapper(new UsageMapper.Identity("ada@example.com", null, "Platform"));
        List<ObjectNode> rows = new java.util.ArrayList<>();
        for (String name : new String[] {"claude-code-2.1.197-logs.json", "codex-0.169.0-logs.pb"}) {
            ExportLogsServiceRequest request = UsageMapperTest.logs(name);
            rows.addAll(mapper.map(request).rows());
        }
        return rows;
    }

    private Forwarder forwarder(Spool spool) {
        return new Forwarder(
                spool,
                new ClientRowSender(spendline.url(), BearerCredentials.apiKey("spl_test")),
                CollectorState.read(dir.resolve("state.json")),
                new Quarantine(dir.resolve("quarantine.jsonl"), 3, Clock.systemUTC()),
                new PrintWriter(log, true));
    }

    @Test
    void rowsStayWhileSpendlineFailsAndAreDeliveredOnceItAnswersKeepingTheirExternalIds() throws Exception {
        List<ObjectNode> rows = realRows();
        Spool spool = new Spool(dir.resolve("spool"), 100);
        spool.append(rows.subList(0, 1));
        spool.append(rows.subList(1, 2));
        // More 503s than the client's retries: this attempt fails and the rows stay on disk.
        for (int i = 0; i < 10; i++) {
            spendline.ingestStatuses.add(503);
        }
        Forwarder failing = forwarder(spool);
        assertThat(failing.forwardOnce()).isFalse();
        assertThat(spool.rows()).isEqualTo(2);
        assertThat(log.toString()).contains("delivery failed, 2 row(s) kept for later");
        failing.close();

        // A restart of the collector: a new spool over the same directory, Spendline answering again.
        spendline.ingestStatuses.clear();
        Spool restarted = new Spool(dir.resolve("spool"), 100);
        Forwarder forwarder = forwarder(restarted);
        assertThat(forwarder.forwardOnce()).isTrue();
        forwarder.close();
        assertThat(restarted.rows()).isZero();
        assertThat(spendline.receivedRows)
                .extracting(row -> row.get("externalId").asString())
                .containsExactly(
                        rows.get(0).get("externalId").asString(),
                        rows.get(1).get("externalId").asString());
        assertThat(spendline.receivedRows.get(0).get("costUsd").decimalValue()).isEqualByComparingTo("0.007975");
        assertThat(spendline.receivedRows.get(1).get("costBasis").asString()).isEqualTo("price_book");
        assertThat(spendline.ingestAuthorizations).allMatch("Bearer spl_test"::equals);
        CollectorState state = CollectorState.read(dir.resolve("state.json"));
        assertThat(state.json().get("deliveredRows").asLong()).isEqualTo(2);
        assertThat(state.json().get("bufferedRows").asLong()).isZero();
        assertThat(state.json().has("lastDeliveryAt")).isTrue();
    }

    @Test
    void a401KeepsTheRowsForLater() throws Exception {
        Spool spool = new Spool(dir.resolve("spool"), 100);
        spool.append(realRows());
        for (int i = 0; i < 10; i++) {
            spendline.ingestStatuses.add(401);
        }
        Forwarder forwarder = forwarder(spool);
        assertThat(forwarder.forwardOnce()).isFalse();
        forwarder.close();
        assertThat(spool.rows()).isEqualTo(2);
        assertThat(log.toString()).contains("kept for later").contains("401");
    }

    @Test
    void aRefusedBatchIsRetriedRowByRowAndOnlyTheBadRowIsQuarantined() throws Exception {
        List<ObjectNode> rows = realRows();
        Spool spool = new Spool(dir.resolve("spool"), 100);
        spool.append(rows);
        // The batch is refused (400), then the first row alone is accepted and the second refused.
        spendline.ingestStatuses.addAll(List.of(400, 202, 400));
        Forwarder forwarder = forwarder(spool);
        assertThat(forwarder.forwardOnce()).isTrue();
        forwarder.close();
        assertThat(spool.rows()).isZero();
        assertThat(spendline.receivedRows).hasSize(1);
        assertThat(log.toString()).contains("Spendline refused 1 row(s) for good: 400 invalid_row: scripted 400");
        CollectorState state = CollectorState.read(dir.resolve("state.json"));
        assertThat(state.json().get("rejectedRows").asLong()).isEqualTo(1);
        assertThat(state.json().get("lastError").asString()).contains("rejected 1 row(s)");
        List<String> quarantined = Files.readAllLines(dir.resolve("quarantine.jsonl"));
        assertThat(quarantined).hasSize(1);
        JsonNode entry = Json.mapper().readTree(quarantined.get(0));
        assertThat(entry.get("reason").asString()).isEqualTo("400 invalid_row: scripted 400");
        assertThat(entry.at("/row/externalId").asString())
                .isEqualTo(rows.get(1).get("externalId").asString());
        assertThat(entry.has("quarantinedAt")).isTrue();
    }

    /** Issue #28 (10): a display name the service would refuse used to lose every row; now it is cleaned. */
    @Test
    void namesTheServiceWouldRefuseAreCleanedAndTheRowsDelivered() throws Exception {
        String hostile = "Ada\u001b]0;owned\u0007 Love\u202elace\r\n" + "x".repeat(250);
        UsageMapper mapper = new UsageMapper(new UsageMapper.Identity("ada@example.com", hostile, "Plat\u0007form"));
        List<ObjectNode> rows = mapper.map(UsageMapperTest.logs("claude-code-2.1.197-logs.json"))
                .rows();
        Spool spool = new Spool(dir.resolve("spool"), 100);
        spool.append(rows);
        Forwarder forwarder = forwarder(spool);
        // No scripted status: the fake checks the rows with the service's own InternalUsageReader.
        assertThat(forwarder.forwardOnce()).isTrue();
        forwarder.close();
        assertThat(spool.rows()).isZero();
        assertThat(spendline.receivedRows).hasSize(rows.size());
        String name = spendline.receivedRows.get(0).get("employeeName").asString();
        assertThat(name)
                .startsWith("Ada]0;owned Lovelace")
                .hasSize(200)
                .doesNotContain("\u001b", "\u0007", "\u202e", "\r", "\n");
        assertThat(spendline.receivedRows.get(0).get("teamName").asString()).isEqualTo("Platform");
        assertThat(dir.resolve("quarantine.jsonl")).doesNotExist();
    }

    /** Issue #28 (10): a row refused for good (here an over-long externalId, never rewritten) is kept, 0600. */
    @Test
    void aRowRefusedForGoodIsQuarantinedInAUserOnlyFileNotDeleted() throws Exception {
        List<ObjectNode> rows = realRows();
        rows.get(0).put("externalId", "claude_code:" + "x".repeat(300));
        Spool spool = new Spool(dir.resolve("spool"), 100);
        spool.append(rows);
        Forwarder forwarder = forwarder(spool);
        assertThat(forwarder.forwardOnce()).isTrue();
        forwarder.close();
        assertThat(spool.rows()).isZero();
        assertThat(spendline.receivedRows).hasSize(1);
        Path file = dir.resolve("quarantine.jsonl");
        assertThat(Quarantine.countIn(file)).isEqualTo(1);
        JsonNode entry = Json.mapper().readTree(Files.readAllLines(file).get(0));
        assertThat(entry.get("reason").asString()).contains("validation_failed");
        assertThat(entry.at("/row/externalId").asString()).hasSize(312);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                    .isEqualTo("rw-------");
        }
        assertThat(log.toString())
                .contains("Spendline refused 1 row(s) for good")
                .contains("kept in " + file);
    }

    @Test
    void theQuarantineIsBoundedAndWhatDoesNotFitIsCountedAsDropped() throws Exception {
        Spool spool = new Spool(dir.resolve("spool"), 100);
        for (int i = 0; i < 5; i++) {
            List<ObjectNode> rows = realRows().subList(0, 1);
            rows.get(0).put("externalId", "bad-" + i + "-" + "x".repeat(300));
            spool.append(rows);
        }
        Forwarder forwarder = forwarder(spool);
        assertThat(forwarder.forwardOnce()).isTrue();
        forwarder.close();
        assertThat(spool.rows()).isZero();
        assertThat(Quarantine.countIn(dir.resolve("quarantine.jsonl"))).isEqualTo(3);
        CollectorState state = CollectorState.read(dir.resolve("state.json"));
        assertThat(state.json().get("rejectedRows").asLong()).isEqualTo(5);
        assertThat(state.json().get("droppedRows").asLong()).isEqualTo(2);
    }
}
