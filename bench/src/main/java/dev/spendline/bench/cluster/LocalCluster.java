package dev.spendline.bench.cluster;

import dev.spendline.bench.process.JavaProcess;
import dev.spendline.bench.process.PostgresFleet;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.kafka.embedded.KafkaNodeMain;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.Uuid;

/**
 * The production layout of {@code compose/} as processes on this machine: a 3-node KRaft cluster
 * (real brokers, combined broker and controller, as in compose), PostgreSQL (the one at
 * 127.0.0.1:5432), one gateway, N streams-app instances with standbys and M query-api instances,
 * each service started from its own packaged jar exactly as an operator would, configured only by
 * its documented properties. Every process can be killed, stopped and started again.
 */
public final class LocalCluster implements AutoCloseable {

    /** The streams-app instances' application id, which is also their consumer group. */
    public static final String STREAMS_APPLICATION_ID = "spendline-streams";

    /** The packaged services, and how to start a Kafka node. */
    public record Jars(Path gateway, Path streamsApp, Path queryApi, Function<List<String>, List<String>> kafkaNode) {

        /**
         * The services' jars, with Kafka nodes run from {@code classpath} ({@link KafkaNodeMain}):
         * the tests' class path.
         */
        public static Jars withKafkaFromClasspath(Path gateway, Path streamsApp, Path queryApi, String classpath) {
            return new Jars(gateway, streamsApp, queryApi, args -> {
                List<String> command = new ArrayList<>(
                        List.of(JavaProcess.javaBinary(), "-Xmx384m", "-cp", classpath, KafkaNodeMain.class.getName()));
                command.addAll(args);
                return command;
            });
        }
    }

    /**
     * @param streamsApps streams-app instances
     * @param standbyReplicas {@code num.standby.replicas} when there is more than one instance
     * @param queryApis query-api instances
     * @param partitions of every Spendline topic, set on every service
     * @param serviceJvm JVM options of every service
     */
    public record Layout(
            int brokers,
            int streamsApps,
            int standbyReplicas,
            int queryApis,
            int partitions,
            Duration streamsSessionTimeout,
            List<String> serviceJvm) {}

    private final Layout layout;
    private final Jars jars;
    private final PostgresFleet controlPlane;
    private final Path dir;
    private final Path logDir;
    private final String secret = InstanceCredential.generateSecret();
    private final List<Integer> brokerPorts = new ArrayList<>();
    private final List<JavaProcess> brokers = new ArrayList<>();
    private final List<Service> streamsApps = new ArrayList<>();
    private final List<Service> queryApis = new ArrayList<>();
    private Service gateway;

    /** A service instance: its process and its two ports. */
    public record Service(JavaProcess process, int port, int internalPort, String readyLine) {
        public URI url() {
            return URI.create("http://127.0.0.1:" + port);
        }

        public URI internalUrl() {
            return URI.create("http://127.0.0.1:" + internalPort);
        }

        public void start() {
            process.start(readyLine, Duration.ofSeconds(180));
        }
    }

    public LocalCluster(Layout layout, Jars jars, PostgresFleet controlPlane, Path dir, Path logDir) {
        this.layout = layout;
        this.jars = jars;
        this.controlPlane = controlPlane;
        this.dir = dir;
        this.logDir = logDir;
    }

    /** Starts everything and returns once every streams-app instance is RUNNING. */
    public LocalCluster start() {
        startBrokers();
        streamsApps.addAll(streamsApps(STREAMS_APPLICATION_ID, layout.streamsApps()));
        String streamsUrls =
                streamsApps.stream().map(s -> s.internalUrl().toString()).collect(Collectors.joining(","));
        gateway = service(
                "gateway",
                jars.gateway(),
                "Started GatewayApplication",
                FreePorts.loopback(),
                List.of(
                        "--spendline.gateway.streams-url=" + streamsUrls,
                        "--spring.datasource.url=" + controlPlane.jdbcUrl(),
                        "--spring.datasource.username=postgres"));
        for (int i = 1; i <= layout.queryApis(); i++) {
            int port = FreePorts.loopback();
            queryApis.add(service(
                    "query-api-" + i,
                    jars.queryApi(),
                    "Started QueryApiApplication",
                    FreePorts.loopback(),
                    port,
                    List.of(
                            "--spendline.query.streams-url=" + streamsUrls,
                            "--spendline.base-url=http://127.0.0.1:" + port,
                            "--spring.datasource.url=" + controlPlane.jdbcUrl(),
                            "--spring.datasource.username=postgres")));
        }
        // Streams first (it creates the topics the others check), then the rest side by side.
        streamsApps.get(0).start();
        List<Service> rest = new ArrayList<>(streamsApps.subList(1, streamsApps.size()));
        rest.add(gateway);
        rest.addAll(queryApis);
        startTogether(rest);
        for (Service streams : streamsApps) {
            awaitStreamsRunning(streams, Duration.ofSeconds(120));
        }
        return this;
    }

    /** Starts the services side by side and waits until each one has started. */
    public static void startTogether(List<Service> services) {
        services.forEach(s -> s.process().launch());
        services.forEach(s -> s.process().awaitLine(l -> l.contains(s.readyLine()), Duration.ofSeconds(180)));
    }

    /**
     * {@code count} streams-app instances of one application (consumer group), not started, with
     * the layout's standby replicas when there are several: a test or a benchmark starts them.
     */
    public List<Service> streamsApps(String applicationId, int count) {
        List<Service> instances = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String name = applicationId + "-" + i;
            int internal = FreePorts.loopback();
            instances.add(service(
                    name,
                    jars.streamsApp(),
                    "Started StreamsApplication",
                    internal,
                    List.of(
                            "--spendline.streams.application-id=" + applicationId,
                            "--spendline.streams.state-dir=" + dir.resolve(name),
                            "--spendline.streams.instance-id=" + name,
                            "--spendline.streams.advertised-url=http://127.0.0.1:" + internal,
                            "--spendline.streams.num-standby-replicas=" + (count > 1 ? layout.standbyReplicas() : 0),
                            "--spendline.streams.session-timeout="
                                    + layout.streamsSessionTimeout().toMillis() + "ms")));
        }
        return instances;
    }

    /** Starts the Kafka nodes; returns once each answers. */
    public void startBrokers() {
        List<Integer> controllerPorts = new ArrayList<>();
        for (int i = 0; i < layout.brokers(); i++) {
            brokerPorts.add(FreePorts.loopback());
            controllerPorts.add(FreePorts.loopback());
        }
        String clusterId = Uuid.randomUuid().toString();
        String controllers = controllerPorts.stream().map(String::valueOf).collect(Collectors.joining(","));
        for (int i = 1; i <= layout.brokers(); i++) {
            List<String> command = jars.kafkaNode()
                    .apply(List.of(
                            dir.resolve("kafka-" + i).toString(),
                            String.valueOf(brokerPorts.get(i - 1)),
                            String.valueOf(i),
                            controllers,
                            clusterId));
            brokers.add(JavaProcess.of("kafka-" + i, command, logDir));
        }
        // A node is ready only once a majority of the quorum runs: start all, then wait for each.
        brokers.forEach(JavaProcess::launch);
        brokers.forEach(b -> b.awaitLine(l -> l.contains(KafkaNodeMain.READY), Duration.ofSeconds(120)));
    }

    private Service service(String name, Path jar, String readyLine, int internalPort, List<String> own) {
        return service(name, jar, readyLine, internalPort, FreePorts.loopback(), own);
    }

    private Service service(String name, Path jar, String readyLine, int internalPort, int port, List<String> own) {
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--management.server.port=" + internalPort,
                "--spendline.internal.secret=" + secret,
                "--spendline.kafka.bootstrap-servers=" + bootstrapServers(),
                "--spendline.kafka.partitions=" + layout.partitions()));
        args.addAll(own);
        return new Service(
                JavaProcess.jar(name, jar, layout.serviceJvm(), args, logDir), port, internalPort, readyLine);
    }

    /** Polls the instance's health on its internal port until Kafka Streams reports RUNNING. */
    public static void awaitStreamsRunning(Service streams, Duration timeout) {
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> health = http.send(
                        HttpRequest.newBuilder(streams.internalUrl().resolve("/actuator/health"))
                                .timeout(Duration.ofSeconds(5))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                last = health.body();
                if (last.contains("\"state\":\"RUNNING\"")) {
                    return;
                }
            } catch (IOException e) {
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(Duration.ofMillis(250));
        }
        throw new IllegalStateException(streams.process().logFile() + ": Kafka Streams not RUNNING within " + timeout
                + "; last health: " + last);
    }

    public String bootstrapServers() {
        return brokerPorts.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    }

    public List<JavaProcess> brokers() {
        return brokers;
    }

    public Service gateway() {
        return gateway;
    }

    public List<Service> streamsApps() {
        return streamsApps;
    }

    public List<Service> queryApis() {
        return queryApis;
    }

    public String secret() {
        return secret;
    }

    public PostgresFleet controlPlane() {
        return controlPlane;
    }

    @Override
    public void close() {
        List<JavaProcess> all = new ArrayList<>();
        queryApis.forEach(s -> all.add(s.process()));
        if (gateway != null) {
            all.add(gateway.process());
        }
        streamsApps.forEach(s -> all.add(s.process()));
        all.addAll(brokers);
        for (JavaProcess process : all) {
            try {
                process.close();
            } catch (RuntimeException e) {
                // Keep closing the others.
            }
        }
    }

    /** Sleeps, turning an interruption into a failure of the caller. */
    public static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
