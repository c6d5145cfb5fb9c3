package dev.spendline.standalone;

import static dev.spendline.standalone.SpendlineHttp.event;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The ports of a running standalone, tried from outside the way an attacker on the same host or
 * network would (issue #13): the public port serves neither the instance-to-instance queries nor
 * actuator, the internal port answers instances only, a query crafted for another workspace gets
 * nothing, every listening socket is on loopback, and the database refuses the old empty password.
 */
class InternalPortIT {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static Path dataDir;
    private static Standalone spendline;
    private static SpendlineHttp http;
    private static IssuedApiKey alice;
    private static IssuedApiKey mallory;

    @BeforeAll
    static void start() throws Exception {
        dataDir = Files.createTempDirectory("spendline-ports-it");
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of());
        http = new SpendlineHttp(spendline.baseUrl());
        alice = newWorkspaceKey();
        mallory = newWorkspaceKey();
        String accepted = http.post("/api/v1/events", alice.secret(), event("alice-1", "search", "1.25"))
                .raw()
                .body();
        assertThat(accepted).contains("\"accepted\":1");
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    private static IssuedApiKey newWorkspaceKey() {
        var ctx = spendline.context();
        String ws = ctx.getBean(WorkspaceRepository.class)
                .create("ports " + UUID.randomUUID(), Plan.TEAM)
                .id();
        return ctx.getBean(ApiKeyRepository.class).issue(ws, "it");
    }

    private static SpendQuery spendOf(String workspaceId) {
        return new SpendQuery(
                workspaceId,
                UsageKind.PRODUCT,
                Dimension.TENANT,
                Instant.parse("2026-06-01T00:00:00Z"),
                Instant.parse("2027-01-01T00:00:00Z"),
                Map.of(),
                100);
    }

    private static HttpResponse<String> postQuery(String baseUrl, byte[] body, String credential)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + HttpQueries.path(QueryType.SPEND_BY)))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (credential != null) {
            request.header(InstanceCredential.HEADER, credential);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static InstanceCredential realCredential() {
        return InstanceCredential.of(LocalSecrets.instanceSecret(dataDir));
    }

    @Test
    void thePublicPortServesNoInternalQueryAndNoActuatorButTheProbes() throws Exception {
        byte[] crafted = Json.MAPPER.writeValueAsBytes(spendOf(alice.key().workspaceId()));
        // Even a correctly signed query finds no route on the public port.
        String signed = realCredential().sign(HttpQueries.path(QueryType.SPEND_BY), crafted, Instant.now());
        HttpResponse<String> internalOnPublic = postQuery(spendline.baseUrl(), crafted, signed);
        assertThat(internalOnPublic.statusCode()).isIn(401, 404);
        assertThat(internalOnPublic.body()).doesNotContain("acme", "rows");

        for (String path : List.of(
                "/actuator/prometheus", "/actuator/health", "/actuator/env", "/actuator/metrics", "/actuator")) {
            HttpResponse<String> actuator = CLIENT.send(
                    HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(actuator.statusCode()).as(path).isIn(401, 404);
            assertThat(actuator.body()).as(path).doesNotContain("spendline_ingest", "kafka_stream", "\"UP\"");
        }
        assertThat(http.get("/livez", null).status()).isEqualTo(200);
        assertThat(http.get("/readyz", null).status()).isEqualTo(200);
    }

    @Test
    void theInternalPortRefusesACallerWithoutTheInstanceCredential() throws Exception {
        byte[] crafted = Json.MAPPER.writeValueAsBytes(spendOf(alice.key().workspaceId()));
        String path = HttpQueries.path(QueryType.SPEND_BY);

        HttpResponse<String> none = postQuery(spendline.internalUrl(), crafted, null);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("content-type")).hasValue("application/problem+json");
        assertThat(Json.MAPPER.readTree(none.body()).get("code").asString()).isEqualTo("instance_unauthorized");
        assertThat(none.body()).doesNotContain("acme");

        InstanceCredential guessed = InstanceCredential.of(InstanceCredential.generateSecret());
        HttpResponse<String> wrongSecret =
                postQuery(spendline.internalUrl(), crafted, guessed.sign(path, crafted, Instant.now()));
        assertThat(wrongSecret.statusCode()).isEqualTo(401);
        assertThat(wrongSecret.body()).doesNotContain("acme");

        HttpResponse<String> garbage = postQuery(spendline.internalUrl(), crafted, "Bearer " + alice.secret());
        assertThat(garbage.statusCode()).isEqualTo(401);

        String stale = realCredential().sign(path, crafted, Instant.now().minus(Duration.ofMinutes(5)));
        assertThat(postQuery(spendline.internalUrl(), crafted, stale).statusCode())
                .isEqualTo(401);
    }

    @Test
    void aQueryCraftedForAnotherWorkspaceGetsNothing() throws Exception {
        String path = HttpQueries.path(QueryType.SPEND_BY);
        // Mallory saw (or forged the shape of) a signed query of her own workspace and swaps in Alice's.
        byte[] own = Json.MAPPER.writeValueAsBytes(spendOf(mallory.key().workspaceId()));
        String signedForOwn = realCredential().sign(path, own, Instant.now());
        byte[] alices = Json.MAPPER.writeValueAsBytes(spendOf(alice.key().workspaceId()));
        HttpResponse<String> swapped = postQuery(spendline.internalUrl(), alices, signedForOwn);
        assertThat(swapped.statusCode()).isEqualTo(401);
        assertThat(swapped.body()).doesNotContain("acme", "rows");

        // A signature for one read does not open another read of the same body.
        String signedForMargins =
                realCredential().sign(HttpQueries.path(QueryType.MARGIN_BY_CUSTOMER), alices, Instant.now());
        assertThat(postQuery(spendline.internalUrl(), alices, signedForMargins).statusCode())
                .isEqualTo(401);

        // Through the public API, Mallory's key reads her own (empty) workspace, whatever she asks for.
        SpendlineHttp.Response report = http.get(
                "/api/v1/reports/spend?by=tenant&from=2026-06-01&to=2027-01-01&workspaceId="
                        + alice.key().workspaceId(),
                mallory.secret());
        assertThat(report.raw().body()).doesNotContain("acme");
    }

    @Test
    void anInstanceWithTheCredentialIsAnswered() {
        HttpQueries instance = new HttpQueries(
                URI.create(spendline.internalUrl()),
                CLIENT,
                Duration.ofSeconds(10),
                false,
                realCredential(),
                Clock.systemUTC());
        SpendReport report = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            report = instance.answer(QueryType.SPEND_BY, spendOf(alice.key().workspaceId()));
            if (!report.rows().isEmpty()) {
                break;
            }
            SpendlineHttp.sleep(100);
        }
        assertThat(report).isNotNull();
        assertThat(report.rows()).extracting(row -> row.value()).containsExactly("acme");

        // A bad query from a real instance is its problem, said as such (400), not a failure of ours.
        SpendQuery tooLong = new SpendQuery(
                alice.key().workspaceId(),
                UsageKind.PRODUCT,
                Dimension.TENANT,
                Instant.parse("2020-01-01T00:00:00Z"),
                Instant.parse("2027-01-01T00:00:00Z"),
                Map.of(),
                100);
        assertThatThrownBy(() -> instance.answer(QueryType.SPEND_BY, tooLong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("invalid_query")
                .hasMessageContaining("at most 400 days");

        HttpQueries impostor = new HttpQueries(
                URI.create(spendline.internalUrl()),
                CLIENT,
                Duration.ofSeconds(10),
                false,
                InstanceCredential.of(InstanceCredential.generateSecret()),
                Clock.systemUTC());
        assertThatThrownBy(() ->
                        impostor.answer(QueryType.SPEND_BY, spendOf(alice.key().workspaceId())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("refused this instance's credential");
    }

    @Test
    void everyListeningSocketOfTheProcessIsOnLoopback() throws IOException {
        Set<String> ownSockets = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            fds.forEach(fd -> {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        ownSockets.add(target.substring(8, target.length() - 1));
                    }
                } catch (IOException e) {
                    // the fd closed while listing: not a listener of ours any more
                }
            });
        }
        List<String> listening = new ArrayList<>();
        List<String> exposed = new ArrayList<>();
        for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                String local = f[1];
                String state = f[3];
                String inode = f[9];
                if (!"0A".equals(state) || !ownSockets.contains(inode)) {
                    continue; // not LISTEN, or another process's
                }
                String address = local.substring(0, local.indexOf(':'));
                int port = Integer.parseInt(local.substring(local.indexOf(':') + 1), 16);
                listening.add(table + " port " + port);
                if (!isLoopback(address)) {
                    exposed.add(table + " " + address + " port " + port);
                }
            }
        }
        // The public port, the internal port and Kafka's two listeners at least (H2 has no port any more).
        assertThat(listening).hasSizeGreaterThanOrEqualTo(4);
        assertThat(exposed).as("listening sockets not bound to loopback").isEmpty();
    }

    /** /proc/net addresses: IPv4 as little-endian hex, IPv6 as four little-endian words. */
    private static boolean isLoopback(String hex) {
        return switch (hex.length()) {
            case 8 -> hex.endsWith("7F"); // 127.x.x.x
            case 32 -> hex.equals("00000000000000000000000001000000") // ::1
                    || hex.equals("0000000000000000FFFF00000100007F"); // ::ffff:127.0.0.1
            default -> false;
        };
    }

    @Test
    void theDatabaseRefusesTheOldEmptyPassword() {
        String url = ControlPlaneDatabase.url(dataDir.toAbsolutePath().normalize());
        assertThatThrownBy(() -> DriverManager.getConnection(url, "sa", "").close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Wrong user name or password");
        assertThat(LocalSecrets.databasePasswordFile(dataDir.toAbsolutePath().normalize()))
                .exists()
                .satisfies(file -> assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                        .isEqualTo("rw-------"));
    }
}
