package dev.spendline.bench.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.bench.process.PostgresWorkspace;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.SpendQuery;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.UsageKind;
import dev.spendline.controlplane.keys.IssuedApiKey;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.kafka.embedded.KafkaNodeMain;
import dev.spendline.kafka.embedded.TopicSetup;
import dev.spendline.topics.Topic;
import dev.spendline.topics.Topics;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The production layout: a broker, the gateway and the streams app as three processes, API keys in
 * PostgreSQL. SIGKILL the streams app under load and start it again: the gateway keeps accepting
 * meanwhile, and the query interface then shows exactly what was acknowledged.
 */
class StreamsAppKillIT {

    @Test
    void sigkillOfTheStreamsAppUnderLoadLosesNothingAndCountsNothingTwice() throws Exception {
        Path dir = Files.createTempDirectory("spendline-fault-streams");
        int kafkaPort = FreePorts.loopback();
        int gatewayPort = FreePorts.loopback();
        int streamsPort = FreePorts.loopback();
        int gatewayInternalPort = FreePorts.loopback();
        int streamsInternalPort = FreePorts.loopback();
        // Instances authenticate each other with one shared secret (spendline.internal.secret).
        String secret = InstanceCredential.generateSecret();
        String bootstrap = "127.0.0.1:" + kafkaPort;

        try (PostgresWorkspace controlPlane =
                        PostgresWorkspace.create(PostgresWorkspace.DEFAULT_SERVER, "fault", Plan.TEAM);
                JavaProcess broker = JavaProcess.mainClass(
                        "broker",
                        System.getProperty("java.class.path"),
                        KafkaNodeMain.class.getName(),
                        List.of("-Xmx512m"),
                        List.of(dir.resolve("kafka").toString(), String.valueOf(kafkaPort)),
                        FaultTestSupport.logDir());
                JavaProcess gateway = JavaProcess.jar(
                        "gateway",
                        FaultTestSupport.jar("spendline.gateway.jar"),
                        FaultTestSupport.SERVICE_JVM,
                        List.of(
                                "--server.port=" + gatewayPort,
                                "--management.server.port=" + gatewayInternalPort,
                                "--spendline.internal.secret=" + secret,
                                "--spendline.kafka.bootstrap-servers=" + bootstrap,
                                // The quota check asks streams-app's internal port; this test kills
                                // streams-app, so the check must fail open.
                                "--spendline.gateway.streams-url=http://127.0.0.1:" + streamsInternalPort,
                                "--spring.datasource.url=" + controlPlane.jdbcUrl(),
                                "--spring.datasource.username=postgres"),
                        FaultTestSupport.logDir());
                JavaProcess streams = JavaProcess.jar(
                        "streams-app",
                        FaultTestSupport.jar("spendline.streams.jar"),
                        FaultTestSupport.SERVICE_JVM,
                        List.of(
                                "--server.port=" + streamsPort,
                                "--management.server.port=" + streamsInternalPort,
                                "--spendline.internal.secret=" + secret,
                                "--spendline.kafka.bootstrap-servers=" + bootstrap,
                                "--spendline.streams.state-dir=" + dir.resolve("streams-state"),
                                "--spendline.streams.instance-id=fault-streams-1"),
                        FaultTestSupport.logDir())) {
            broker.start(KafkaNodeMain.READY, Duration.ofSeconds(60));
            // Operators create the topics before deploying the services (standalone does it itself).
            TopicSetup.ensureTopics(
                    bootstrap, Topics.INPUTS.stream().map(Topic::name).toList(), 4, Map.of());
            TopicSetup.ensureTopics(
                    bootstrap,
                    Topics.SETTINGS.stream().map(Topic::name).toList(),
                    4,
                    Map.of("cleanup.policy", "compact"));
            TopicSetup.ensureTopics(
                    bootstrap, Topics.OUTPUTS.stream().map(Topic::name).toList(), 4, Map.of());
            IssuedApiKey key = controlPlane.key();
            gateway.start("Started GatewayApplication", Duration.ofSeconds(90));
            streams.start("Started StreamsApplication", Duration.ofSeconds(90));

            URI gatewayUrl = URI.create("http://127.0.0.1:" + gatewayPort);
            Ledger ledger = new Ledger();
            LoadGenerator generator =
                    new LoadGenerator(FaultTestSupport.load(gatewayUrl, key.secret(), "kill-streams"), ledger);
            LoadGenerator.Result result = FaultTestSupport.underLoad(generator, ledger, "streams-app SIGKILL", () -> {
                assertThat(streams.kill()).as("exit code of SIGKILL").isEqualTo(137);
                streams.start("Started StreamsApplication", Duration.ofSeconds(90));
            });
            assertThat(result.retries())
                    .as("the gateway kept accepting while streams was down")
                    .isZero();

            HttpQueries queries = new HttpQueries(
                    URI.create("http://127.0.0.1:" + streamsInternalPort),
                    HttpClient.newHttpClient(),
                    Duration.ofSeconds(30),
                    false,
                    InstanceCredential.of(secret),
                    Clock.systemUTC());
            String workspaceId = key.key().workspaceId();
            FaultTestSupport.assertQueriesMatch(ledger, () -> byTenant(queries, workspaceId), Duration.ofSeconds(120));
        }
    }

    private static Optional<SpendReport> byTenant(HttpQueries queries, String workspaceId) {
        Instant now = Instant.now();
        try {
            return Optional.of(queries.answer(
                    QueryType.SPEND_BY,
                    new SpendQuery(
                            workspaceId,
                            UsageKind.PRODUCT,
                            Dimension.TENANT,
                            now.minus(40, ChronoUnit.DAYS),
                            now.plus(1, ChronoUnit.DAYS),
                            Map.of(),
                            1_000)));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
