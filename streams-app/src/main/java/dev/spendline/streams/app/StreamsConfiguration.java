package dev.spendline.streams.app;

import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.internalapi.UnreachablePeers;
import dev.spendline.streams.budget.BudgetGauges;
import dev.spendline.streams.pricing.PriceBook;
import dev.spendline.streams.query.ClosedMonthCache;
import dev.spendline.streams.query.RoutingQueries;
import dev.spendline.topics.provision.KafkaClientSettings;
import dev.spendline.topics.provision.TopicLayout;
import dev.spendline.topics.provision.TopicProvisioning;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.apache.kafka.streams.state.HostInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Wires the streams side: the Kafka Streams runner, the query router over its stores, the instance
 * credential and health (the internal query endpoint is on the internal port: {@link
 * InternalPortConfiguration}). Imported by {@link StreamsApplication} and by the standalone mode.
 * The topics are created or checked first ({@link TopicProvisioning}): the runner needs their
 * {@link TopicLayout}, so they exist before Kafka Streams starts.
 */
@Configuration(proxyBeanMethods = false)
@Import(TopicProvisioning.class)
@EnableConfigurationProperties(StreamsProperties.class)
public class StreamsConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StreamsConfiguration.class);
    private static final Duration PEER_CONNECT_TIMEOUT = Duration.ofMillis(500);
    private static final Duration MIN_PEER_TIMEOUT = Duration.ofSeconds(2);
    /** Whether the process exits when Kafka Streams has failed ({@link ExitOnStreamsFailure}). */
    static final String EXIT_ON_FAILURE = "spendline.streams.exit-on-failure";

    /**
     * The property and value that put {@link StreamsReadinessIndicator} into the readiness group, set
     * by every application that runs the streams side (the streams-app service, the standalone).
     */
    public static final String READINESS_GROUP = "management.endpoint.health.group.readiness.include";

    public static final String READINESS_MEMBERS = "readinessState,streamsReadiness";

    /** A readiness group of one's own loses the probes' default {@code /readyz}: it is named again. */
    public static final String READINESS_PATH = "management.endpoint.health.group.readiness.additional-path";

    public static final String READINESS_PATH_VALUE = "server:/readyz";

    /**
     * How other instances reach this one's internal port (the management server, see {@link
     * InternalPortConfiguration}): {@code spendline.streams.advertised-url}, or loopback and the
     * management port. Refuses to start when there is no separate internal port, because the
     * instance-to-instance route is served only there.
     */
    @Bean
    HostInfo streamsHostInfo(
            StreamsProperties props,
            @Value("${server.port:8080}") int serverPort,
            @Value("${management.server.port:-1}") int internalPort) {
        if (internalPort < 0 || internalPort == serverPort) {
            throw new IllegalStateException("Set management.server.port to a port other than server.port:"
                    + " it is the internal port, where instances query each other and actuator answers"
                    + " (bound to management.server.address, 127.0.0.1 unless configured)");
        }
        if (props.advertisedUrl() != null && !props.advertisedUrl().isBlank()) {
            URI url = URI.create(props.advertisedUrl());
            return new HostInfo(url.getHost(), url.getPort());
        }
        if (internalPort == 0) {
            throw new IllegalStateException(
                    "Set spendline.streams.advertised-url or a fixed management.server.port: other instances must be"
                            + " able to reach this one's internal port for interactive queries");
        }
        return new HostInfo("127.0.0.1", internalPort);
    }

    /** The credential instances show each other; refuses to start without a shared secret. */
    @Bean
    @ConditionalOnMissingBean(InstanceCredential.class)
    InstanceCredential instanceCredential(@Value("${" + InstanceCredential.SECRET_PROPERTY + ":}") String secret) {
        return InstanceCredential.of(secret);
    }

    @Bean
    StreamsRunner streamsRunner(
            StreamsProperties props,
            KafkaClientSettings kafka,
            HostInfo streamsHostInfo,
            MeterRegistry registry,
            @Value("${spendline.pricing.price-book-file:}") String priceBookFile,
            TopicLayout topics) {
        PriceBook priceBook =
                priceBookFile.isBlank() ? PriceBook.bundled() : PriceBook.withOverrides(Path.of(priceBookFile));
        log.info(
                "Price book: {} prices{}",
                priceBook.size(),
                priceBookFile.isBlank() ? " (bundled)" : " (bundled, with " + priceBookFile + " on top)");
        return new StreamsRunner(props, kafka, streamsHostInfo, registry, priceBook, topics);
    }

    /**
     * The router. Instance-to-instance calls connect within {@link #PEER_CONNECT_TIMEOUT}: peers
     * are on one network and accept in well under a millisecond, so a connect that takes longer
     * means the peer is gone (killed, host down) and the read should move on to a standby rather
     * than spend its whole retry bound on one connect. A forwarded request may take at most the
     * retry bound ({@code query-attempts} × {@code query-backoff}, 5 s; at least 2 s). A peer that
     * could not be reached is then asked last for {@code spendline.internal.unreachable-peer-memory}
     * (5 s).
     */
    @Bean
    public RoutingQueries routingQueries(
            StreamsRunner runner,
            StreamsProperties props,
            HostInfo self,
            InstanceCredential credential,
            Clock clock,
            MeterRegistry registry,
            @Value("${" + UnreachablePeers.MEMORY_PROPERTY + ":5s}") String unreachableMemory) {
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(PEER_CONNECT_TIMEOUT).build();
        // A peer that accepted but does not answer (stopped, overloaded) gets as long as the whole
        // retry bound, then the read moves on to a standby: no single hop can outlast the bound.
        Duration bound = props.queryBackoff().multipliedBy(props.queryAttempts());
        Duration peerTimeout = bound.compareTo(MIN_PEER_TIMEOUT) < 0 ? MIN_PEER_TIMEOUT : bound;
        return new RoutingQueries(
                runner.streams(),
                self,
                owner -> new HttpQueries(
                        URI.create("http://" + owner.host() + ":" + owner.port()),
                        client,
                        peerTimeout,
                        true,
                        credential,
                        clock),
                props.queryAttempts(),
                props.queryBackoff(),
                props.dedupeHorizon(),
                clock,
                new ClosedMonthCache(clock, ClosedMonthCache.DEFAULT_MAX_ROWS),
                registry,
                // Real elapsed time, not the application clock a test may stop or move.
                new UnreachablePeers<>(DurationStyle.detectAndParse(unreachableMemory), Clock.systemUTC()));
    }

    /** The one clock of the application; a test registers its own {@link Clock} bean to move time. */
    @Bean
    @ConditionalOnMissingBean(Clock.class)
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * With {@code spendline.streams.exit-on-failure=true} (the streams-app service's default), the
     * process exits with code 1 {@code spendline.streams.exit-grace} after Kafka Streams has failed,
     * so that it is restarted; otherwise health just reports DOWN (the standalone).
     */
    @Bean
    @ConditionalOnProperty(name = EXIT_ON_FAILURE, havingValue = "true")
    ExitOnStreamsFailure exitOnStreamsFailure(
            StreamsRunner runner,
            ApplicationContext context,
            @Value("${spendline.streams.exit-grace:5s}") String grace) {
        ExitOnStreamsFailure listener = new ExitOnStreamsFailure(
                DurationStyle.detectAndParse(grace), () -> System.exit(SpringApplication.exit(context, () -> 1)));
        runner.streams().setStateListener(listener);
        return listener;
    }

    /**
     * Per-budget used and forecast ratios on the internal port's {@code /actuator/prometheus}
     * ({@link BudgetGaugeRefresher}), with {@code spendline.metrics.budget-gauges.enabled=true}:
     * off unless set (a multi-tenant deployment would publish every customer's budgets to its
     * monitoring); the standalone turns it on. Refreshed every
     * {@code spendline.metrics.budget-gauges.interval} (5 s).
     */
    @Bean
    @ConditionalOnProperty(name = BUDGET_GAUGES, havingValue = "true")
    BudgetGaugeRefresher budgetGaugeRefresher(
            StreamsRunner runner,
            MeterRegistry registry,
            Clock clock,
            @Value("${spendline.metrics.budget-gauges.interval:5s}") String interval) {
        return new BudgetGaugeRefresher(
                runner.streams(), new BudgetGauges(registry), clock, DurationStyle.detectAndParse(interval));
    }

    /** Whether this instance publishes its budgets as gauges; see {@link #budgetGaugeRefresher}. */
    public static final String BUDGET_GAUGES = "spendline.metrics.budget-gauges.enabled";

    @Bean
    StreamsHealthIndicator streamsHealthIndicator(StreamsRunner runner) {
        return new StreamsHealthIndicator(runner.streams());
    }

    /**
     * {@code streamsReadiness}, which the readiness group includes ({@link #READINESS_GROUP}):
     * {@code /readyz} is 503 until Kafka Streams runs and its stores answer.
     */
    @Bean
    StreamsReadinessIndicator streamsReadinessHealthIndicator(StreamsRunner runner) {
        return new StreamsReadinessIndicator(runner.streams());
    }
}
