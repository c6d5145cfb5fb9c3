package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a standalone keeps from other local users (issue #28): its broker takes only clients with
 * the generated credentials, its data directory is owner-only (also one an earlier version left
 * 0755/0644), and a key command run while it runs leaves the control-plane database working: the
 * setup link is claimed afterwards, also once the pool's connections were replaced.
 */
class LocalSecurityIT {

    private static Path dataDir;
    private static Standalone spendline;

    @BeforeAll
    static void start() throws Exception {
        dataDir = Files.createTempDirectory(Path.of("target"), "local-security");
        // As an earlier version left it: world-readable directories and files.
        Files.setPosixFilePermissions(dataDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path old = Files.createDirectories(dataDir.resolve("streams/old"));
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(dataDir.resolve("streams"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(old.resolve("left-over"), "x");
        Files.setPosixFilePermissions(old.resolve("left-over"), PosixFilePermissions.fromString("rw-r--r--"));
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void theDataDirectoryIsOwnerOnlyAndWhatAnEarlierVersionLeftOpenIsRepaired() throws IOException {
        Path data = dataDir.toAbsolutePath().normalize();
        // The guarantee: nobody else can enter the directory, whatever the mode of a file created in it later.
        assertThat(mode(data)).isEqualTo("rwx------");
        for (String file : List.of(
                "controlplane/spendline.mv.db",
                "controlplane/password",
                LocalSecrets.KAFKA_PASSWORD_FILE,
                LocalSecrets.COMMAND_SECRET_FILE,
                LocalSecrets.WEBHOOK_KEY_FILE,
                LocalSecrets.INSTANCE_SECRET_FILE,
                RunningStandalone.FILE,
                "kafka/meta.properties",
                "kafka/bootstrap.checkpoint",
                "streams/old/left-over")) {
            assertThat(mode(data.resolve(file))).as(file).isEqualTo("rw-------");
        }
        for (String dir : List.of("controlplane", "kafka", "streams", "streams/old")) {
            assertThat(mode(data.resolve(dir))).as(dir).isEqualTo("rwx------");
        }
        // Every entry Spendline wrote at the top, including those a later feature adds.
        try (Stream<Path> top = Files.list(data)) {
            for (Path entry : top.toList()) {
                assertThat(mode(entry)).as(entry.getFileName().toString()).isIn("rw-------", "rwx------");
            }
        }
        // Everything that existed once start-up was over (the topics' logs, the streams state).
        List<String> open = new ArrayList<>();
        try (Stream<Path> all = Files.walk(data.resolve("kafka"), 1)) {
            all.filter(path -> path.getFileName().toString().startsWith("spendline.events.v1-"))
                    .forEach(path -> {
                        try {
                            if (!mode(path).equals("rwx------")) {
                                open.add(data.relativize(path) + " " + mode(path));
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
        }
        assertThat(open).as("topic directories readable by other users").isEmpty();
    }

    @Test
    void theBrokerRefusesAClientWithoutTheCredentialsAndServesOneWithThem() throws Exception {
        Map<String, Object> plain = new HashMap<>();
        plain.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, spendline.bootstrapServers());
        plain.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 3_000);
        plain.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 2_000);
        try (Admin admin = Admin.create(plain)) {
            assertThatThrownBy(() -> admin.listTopics().names().get(5, TimeUnit.SECONDS))
                    .as("a client without credentials lists no topics")
                    .isNotNull();
        }
        Map<String, Object> producerConfig = new HashMap<>(plain);
        producerConfig.remove(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        producerConfig.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 3_000);
        try (var producer = new KafkaProducer<>(producerConfig, new StringSerializer(), new StringSerializer())) {
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>("spendline.events.v1", "ws_x", "{}"))
                            .get(10, TimeUnit.SECONDS))
                    .as("a client without credentials writes nothing")
                    .isNotNull();
        }
        try (Admin admin = Admin.create(spendline.kafkaClientSettings().config())) {
            assertThat(admin.listTopics().names().get(10, TimeUnit.SECONDS)).contains("spendline.events.v1");
        }
        assertThat(Files.readString(dataDir.resolve(LocalSecrets.KAFKA_PASSWORD_FILE))
                        .trim())
                .isNotBlank();
    }

    @Test
    void aKeyCommandRunWhileSpendlineRunsIsRunByItAndTheSetupLinkIsClaimedAfterwards() throws Exception {
        String link = spendline.setupLink().orElseThrow();

        // The documented command, as its own process, against the running installation's data directory.
        Command created = command("create-key", "--new-workspace", "Free", "--plan", "FREE");
        assertThat(created.exitCode()).as(created.output()).isZero();
        assertThat(created.output()).contains("Created workspace 'Free'").contains("shown only this once");
        Command listed = command("list-keys");
        assertThat(listed.exitCode()).as(listed.output()).isZero();
        assertThat(listed.output()).contains("FREE  Free").contains("TEAM  Default workspace");

        // Every connection of the pool replaced, as Hikari does after max-lifetime (30 min), one by
        // one, so the database stays open meanwhile (another connection here): the constraints must
        // not depend on the sessions that happened to create the schema (ControlPlaneDatabase).
        Path data = dataDir.toAbsolutePath().normalize();
        try (java.sql.Connection other = ControlPlaneDatabase.dataSource(data).getConnection()) {
            DataSource pool = spendline.context().getBean(DataSource.class);
            ((HikariDataSource) pool).getHikariPoolMXBean().softEvictConnections();
            Thread.sleep(1_000);
            assertThat(other.isValid(1)).isTrue();

            SetupLinks.claim(link, "owner@example.com", "Owner", "a long enough password 1");
        }
    }

    @Test
    void theCommandRouteRefusesARequestWithoutTheCommandSecret() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        byte[] body = "[\"create-key\",\"--new-workspace\",\"Forged\"]".getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> unsigned = client.send(
                HttpRequest.newBuilder(URI.create(spendline.internalUrl() + RunningStandalone.PATH))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(unsigned.statusCode()).isEqualTo(401);
        String wrong = dev.spendline.internalapi.InstanceCredential.of(
                        dev.spendline.internalapi.InstanceCredential.generateSecret())
                .sign(RunningStandalone.PATH, body, java.time.Instant.now());
        HttpResponse<String> wronglySigned = client.send(
                HttpRequest.newBuilder(URI.create(spendline.internalUrl() + RunningStandalone.PATH))
                        .header(dev.spendline.internalapi.InstanceCredential.HEADER, wrong)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(wronglySigned.statusCode()).isEqualTo(401);
        // The instance secret (which signs reads between instances) does not run commands either.
        String instance = dev.spendline.internalapi.InstanceCredential.of(
                        LocalSecrets.instanceSecret(dataDir.toAbsolutePath().normalize()))
                .sign(RunningStandalone.PATH, body, java.time.Instant.now());
        HttpResponse<String> instanceSigned = client.send(
                HttpRequest.newBuilder(URI.create(spendline.internalUrl() + RunningStandalone.PATH))
                        .header(dev.spendline.internalapi.InstanceCredential.HEADER, instance)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(instanceSigned.statusCode()).isEqualTo(401);
        assertThat(spendline
                        .context()
                        .getBean(dev.spendline.controlplane.workspaces.WorkspaceRepository.class)
                        .findAll())
                .noneMatch(workspace -> workspace.name().equals("Forged"));
    }

    record Command(int exitCode, String output) {}

    /** {@code bin/spendline-local <args> --data-dir <the running one's>} as a process of its own. */
    private static Command command(String... args) throws Exception {
        List<String> commandLine = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                StandaloneMain.class.getName()));
        commandLine.addAll(List.of(args));
        commandLine.addAll(List.of("--data-dir", dataDir.toString()));
        Process process =
                new ProcessBuilder(commandLine).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Command(process.exitValue(), output);
    }

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }
}
