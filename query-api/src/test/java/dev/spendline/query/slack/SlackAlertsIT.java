package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertChange;
import dev.spendline.contracts.alert.AlertEvidence;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.EmbeddedKafka;
import dev.spendline.query.signin.WorkspaceAuthentication;
import dev.spendline.topics.Topics;
import dev.spendline.topics.provision.KafkaClientSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * Alerts in a Slack channel, end to end over a real Kafka broker (embedded KRaft) and the fake of
 * Slack's Web API: an owner connects Slack and picks the channel in settings, alerts are written to
 * {@code spendline.alerts.v1} as the topology writes them (JSON, keyed by workspace), and the notifier
 * posts an opened alert in the channel, then updates that same message (same {@code ts}) when the alert
 * resolves. Also: Slack's 429 is waited out, {@code not_in_channel} is shown in settings and not retried,
 * and severities the channel did not ask for are not posted.
 */
@WebMvcTest
@ContextConfiguration(classes = {SlackTestApplication.class, SlackAlertsIT.WithKafka.class})
class SlackAlertsIT {

    static final EmbeddedKafka KAFKA = startKafka();
    static final FakeSlack SLACK = startSlack();

    @Configuration(proxyBeanMethods = false)
    @Import(SlackAlertsConfiguration.class)
    static class WithKafka {
        @Bean
        KafkaClientSettings kafkaClientSettings() {
            return KAFKA.clientSettings();
        }

        @Bean
        io.micrometer.core.instrument.MeterRegistry meterRegistry() {
            return new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
        }
    }

    @DynamicPropertySource
    static void slack(DynamicPropertyRegistry registry) {
        registry.add("spendline.base-url", () -> SlackAppTest.BASE_URL);
        registry.add("spendline.slack.client-id", () -> FakeSlack.CLIENT_ID);
        registry.add("spendline.slack.client-secret", () -> FakeSlack.CLIENT_SECRET);
        registry.add("spendline.slack.signing-secret", () -> SlackAppTest.SIGNING_SECRET);
        registry.add("spendline.slack.token-encryption-keys.k1", () -> "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=");
        registry.add("spendline.slack.token-encryption-key-id", () -> "k1");
        registry.add("spendline.slack.api-url", SLACK::apiUrl);
        registry.add("spendline.slack.authorize-url", () -> SLACK.base() + "/oauth/v2/authorize");
        registry.add("spendline.slack.alerts.group-id", () -> "slack-alerts-it-" + UUID.randomUUID());
        registry.add("spendline.slack.alerts.first-backoff", () -> "50ms");
    }

    @AfterAll
    static void stop() {
        SLACK.close();
        KAFKA.close();
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    UserRepository users;

    @Autowired
    SlackAlertRepository alertChannels;

    @Autowired
    SlackAlertNotifier notifier;

    @Autowired
    io.micrometer.core.instrument.MeterRegistry meters;

    Workspace acme;
    WorkspaceAuthentication owner;
    String teamId;
    String channel;

    @BeforeEach
    void anOwnerConnectsSlack() throws Exception {
        acme = workspaces.create("Acme " + UUID.randomUUID(), Plan.TEAM);
        owner = viewer(acme, Role.OWNER);
        teamId = "T"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
        channel = "C"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase();
        install(owner, teamId);
        awaitTrue("the notifier has its partitions", notifier::assigned);
    }

    @Test
    void anOpenedAlertIsPostedInTheChannelAndItsResolutionUpdatesThatMessage() throws Exception {
        assertThat(chooseChannel(owner, channel, List.of("BUDGET_THRESHOLD"), List.of("WARNING", "CRITICAL"))
                        .getResponse()
                        .getStatus())
                .isEqualTo(302);

        Alert opened = budgetAlert(acme.id(), AlertSeverity.WARNING, "412.00", "82.4", 80);
        send(opened);

        SLACK.await("/api/chat.postMessage", call -> channel.equals(call.form().get("channel")));
        List<Map<String, Object>> messages = awaitMessages(channel, 1);
        Map<String, Object> message = messages.get(0);
        String ts = (String) message.get("ts");
        assertThat((String) message.get("text")).startsWith("WARNING · Budget threshold: Budget \"Support bot\"");
        String blocks = String.valueOf(message.get("blocks"));
        assertThat(blocks)
                .contains("$412.00", "$500.00", "82.4 %", "80 %", "$615.23", "2026-11-01 to 2026-11-30")
                .contains("<" + SlackAppTest.BASE_URL + "/app/alerts|Open the alerts in Spendline>");
        awaitTrue(
                "the message remembered",
                () -> alertChannels.findMessage(acme.id(), opened.id()).isPresent());
        assertThat(alertChannels.findMessage(acme.id(), opened.id())).hasValueSatisfying(posted -> assertThat(posted)
                .isEqualTo(new SlackAlertRepository.PostedMessage(channel, ts)));

        Alert resolved =
                opened.resolved(Instant.parse("2026-12-01T00:00:05Z"), "the budget period ended", opened.evidence());
        send(resolved);

        SLACK.await("/api/chat.update", call -> ts.equals(call.form().get("ts")));
        messages = awaitMessages(channel, 1);
        assertThat(messages).hasSize(1);
        assertThat(messages.get(0).get("ts")).isEqualTo(ts);
        assertThat((String) messages.get(0).get("text"))
                .startsWith("Resolved · Budget threshold · WARNING")
                .contains("Resolved: the budget period ended.");
        assertThat(String.valueOf(messages.get(0).get("blocks"))).contains("resolved 2026-12-01 00:00 UTC");
        assertThat(SLACK.calls("/api/chat.postMessage"))
                .filteredOn(c -> channel.equals(c.form().get("channel")))
                .hasSize(1);
    }

    @Test
    void slacksRateLimitIsWaitedOutAndSeveritiesTheChannelDidNotAskForAreNotPosted() throws Exception {
        chooseChannel(owner, channel, List.of("BUDGET_THRESHOLD", "SPEND_ANOMALY"), List.of("WARNING", "CRITICAL"));
        // The same alert escalating: opened as INFO (not wanted here), then CRITICAL.
        send(budgetAlert(acme.id(), AlertSeverity.INFO, "260.00", "52.0", 50));
        SLACK.failNext("chat.postMessage", new FakeSlack.Failure(429, "1"));
        long before = System.nanoTime();
        send(budgetAlert(acme.id(), AlertSeverity.CRITICAL, "510.00", "102.0", 100));

        List<Map<String, Object>> messages = awaitMessages(channel, 1);
        assertThat(Duration.ofNanos(System.nanoTime() - before)).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat((String) messages.get(0).get("text")).startsWith("CRITICAL · Budget threshold");
        // The INFO alert came first and was not posted: only the CRITICAL one is there.
        Thread.sleep(500);
        assertThat(SLACK.messages(channel)).hasSize(1);
        assertThat(alertChannels.findChannel(acme.id()).orElseThrow().lastError())
                .isNull();
    }

    @Test
    void slacksServerErrorsAreRetriedWithBackoffAndTheAlertIsPostedOnce() throws Exception {
        chooseChannel(owner, channel, List.of("BUDGET_THRESHOLD"), List.of("WARNING"));
        SLACK.failNext("chat.postMessage", new FakeSlack.Failure(503, null), new FakeSlack.Failure(502, null));
        send(budgetAlert(acme.id(), AlertSeverity.WARNING, "412.00", "82.4", 80));

        awaitMessages(channel, 1);
        Thread.sleep(300);
        assertThat(SLACK.messages(channel)).hasSize(1);
        // Two failed tries (50 ms, then 100 ms later) and the one that worked.
        assertThat(SLACK.calls("/api/chat.postMessage"))
                .filteredOn(c -> channel.equals(c.form().get("channel")))
                .hasSize(3);
    }

    @Test
    void aChannelWithoutTheBotIsRecordedForSettingsAndNotRetriedUntilTheBotIsInvited() throws Exception {
        SLACK.withoutBot(channel);
        chooseChannel(owner, channel, List.of("BUDGET_THRESHOLD"), List.of("WARNING", "CRITICAL"));
        send(budgetAlert(acme.id(), AlertSeverity.WARNING, "412.00", "82.4", 80));

        awaitTrue("the error recorded", () -> "not_in_channel"
                .equals(alertChannels.findChannel(acme.id()).orElseThrow().lastError()));
        Thread.sleep(300);
        assertThat(SLACK.calls("/api/chat.postMessage"))
                .filteredOn(c -> channel.equals(c.form().get("channel")))
                .hasSize(1);
        // A later post that works clears it: the bot was invited.
        SLACK.withBot(channel);
        send(budgetAlert(acme.id(), AlertSeverity.CRITICAL, "510.00", "102.0", 100));
        awaitMessages(channel, 1);
        awaitTrue(
                "the error cleared",
                () -> alertChannels.findChannel(acme.id()).orElseThrow().lastError() == null);
    }

    @Test
    void anotherWorkspacesAlertNeverReachesThisChannel() throws Exception {
        chooseChannel(owner, channel, List.of("BUDGET_THRESHOLD"), List.of("WARNING"));
        Workspace globex = workspaces.create("Globex " + UUID.randomUUID(), Plan.TEAM);
        send(budgetAlert(globex.id(), AlertSeverity.WARNING, "412.00", "82.4", 80));
        Alert own = budgetAlert(acme.id(), AlertSeverity.WARNING, "400.00", "80.0", 80);
        send(own);

        List<Map<String, Object>> messages = awaitMessages(channel, 1);
        assertThat((String) messages.get(0).get("text")).contains("$400.00 spent");
        Thread.sleep(300);
        assertThat(SLACK.messages(channel)).hasSize(1);
        assertThat(alertChannels.findMessage(globex.id(), own.id())).isEmpty();
    }

    /**
     * At least once over a restart: the notifier's offsets are committed only up to what was delivered,
     * so an alert whose delivery was cut by a stop is read again by the next run of the group, and one
     * that was delivered is not.
     */
    @Test
    void anAlertCutOffByAStopIsDeliveredAfterTheRestartAndADeliveredOneIsNotRepeated() throws Exception {
        String group = "notifier-restart-" + UUID.randomUUID();
        Alert delivered = budgetAlert("ws_restart_a", AlertSeverity.WARNING, "412.00", "82.4", 80);
        Alert cutOff = budgetAlert("ws_restart_b", AlertSeverity.WARNING, "412.00", "82.4", 80);
        List<String> firstRun = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch slackHangs = new java.util.concurrent.CountDownLatch(1);
        SlackAlertNotifier first = new SlackAlertNotifier(
                KAFKA.clientSettings(),
                group,
                10,
                alert -> {
                    if (alert.id().equals(cutOff.id())) {
                        slackHangs.await();
                    }
                    firstRun.add(alert.id());
                },
                ws -> {});
        first.start();
        try {
            awaitTrue("the first run has its partitions", first::assigned);
            send(delivered);
            awaitTrue("the first alert delivered", () -> firstRun.contains(delivered.id()));
            send(cutOff);
            Thread.sleep(500); // the cut-off one is being delivered, and the poll loop has committed
        } finally {
            first.stop();
        }
        assertThat(firstRun).containsExactly(delivered.id());

        List<String> secondRun = new java.util.concurrent.CopyOnWriteArrayList<>();
        SlackAlertNotifier second =
                new SlackAlertNotifier(KAFKA.clientSettings(), group, 10, alert -> secondRun.add(alert.id()), ws -> {});
        second.start();
        try {
            awaitTrue("the cut-off alert delivered after the restart", () -> secondRun.contains(cutOff.id()));
            Thread.sleep(500);
            assertThat(secondRun).containsExactly(cutOff.id());
        } finally {
            second.stop();
        }
    }

    private MvcResult chooseChannel(
            WorkspaceAuthentication viewer, String channelId, List<String> types, List<String> severities)
            throws Exception {
        var request = post("/app/settings/slack/alerts")
                .with(authentication(viewer))
                .with(csrf())
                .param("channel", channelId);
        types.forEach(t -> request.param("types", t));
        severities.forEach(s -> request.param("severities", s));
        MvcResult result = mvc.perform(request).andReturn();
        assertThat(result.getResponse().getStatus())
                .as(result.getResponse().getContentAsString())
                .isEqualTo(302);
        return result;
    }

    /** A budget alert as the topology writes it: "Support bot", $500 a month. */
    private static Alert budgetAlert(
            String workspaceId, AlertSeverity severity, String spent, String percent, int threshold) {
        Instant start = Instant.parse("2026-11-01T00:00:00Z");
        String id = Alert.idOf(workspaceId, AlertType.BUDGET_THRESHOLD, "bud_support", start);
        String message = "Budget \"Support bot\" (feature support-bot, monthly) has used " + percent
                + "% of its $500.00 limit: $" + spent + " spent (threshold " + threshold + " %).";
        return new Alert(
                Alert.SCHEMA_VERSION,
                workspaceId,
                id,
                AlertType.BUDGET_THRESHOLD,
                severity,
                AlertStatus.OPEN,
                AlertChange.OPENED,
                BudgetScope.FEATURE,
                "support-bot",
                Instant.parse("2026-11-12T09:14:03Z"),
                Instant.parse("2026-11-20T16:40:11Z"),
                null,
                message,
                AlertEvidence.ofBudget(
                        "bud_support",
                        "Support bot",
                        new BigDecimal("500"),
                        new BigDecimal(spent),
                        new BigDecimal(percent),
                        new BigDecimal("615.23"),
                        threshold,
                        start,
                        Instant.parse("2026-12-01T00:00:00Z")));
    }

    /** Written as the topology writes alerts: key the workspace, value the alert's JSON. */
    private static void send(Alert alert) throws Exception {
        Map<String, Object> config = KAFKA.clientSettings().config();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, Alert> producer = new KafkaProducer<>(
                config,
                Topics.ALERTS.keySerde().serializer(),
                Topics.ALERTS.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(Topics.ALERTS.name(), alert.workspaceId(), alert))
                    .get();
        }
    }

    private static List<Map<String, Object>> awaitMessages(String channel, int count) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            List<Map<String, Object>> messages = SLACK.messages(channel);
            if (messages.size() >= count) {
                return messages;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no " + count + " message(s) in " + channel + ": " + SLACK.messages(channel));
    }

    private static void awaitTrue(String what, Supplier<Boolean> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.get()) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("not reached: " + what);
    }

    private void install(WorkspaceAuthentication viewer, String team) throws Exception {
        MockHttpSession session = new MockHttpSession();
        MvcResult started = mvc.perform(post("/app/settings/slack/install")
                        .with(authentication(viewer))
                        .with(csrf())
                        .session(session))
                .andReturn();
        String state = UriComponentsBuilder.fromUriString(started.getResponse().getRedirectedUrl())
                .build()
                .getQueryParams()
                .getFirst("state");
        String code = "code-" + UUID.randomUUID();
        SLACK.willInstall(code, new FakeSlack.Team(team, "Acme Slack", "xoxb-" + UUID.randomUUID()));
        MvcResult done = mvc.perform(get("/app/settings/slack/callback")
                        .param("state", java.net.URLDecoder.decode(state, java.nio.charset.StandardCharsets.UTF_8))
                        .param("code", code)
                        .with(authentication(viewer))
                        .session(session))
                .andReturn();
        assertThat(done.getResponse().getStatus())
                .as(done.getResponse().getContentAsString())
                .isEqualTo(302);
    }

    private WorkspaceAuthentication viewer(Workspace workspace, Role role) {
        return SlackTestApplication.viewer(users, workspace, role);
    }

    private static EmbeddedKafka startKafka() {
        try {
            EmbeddedKafka kafka = EmbeddedKafka.start(Files.createTempDirectory("slack-alerts-it-kafka"), 0, Map.of());
            try (Admin admin = Admin.create(kafka.clientSettings().config())) {
                admin.createTopics(List.of(new NewTopic(Topics.ALERTS.name(), 2, (short) 1)))
                        .all()
                        .get();
            }
            return kafka;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException("the embedded broker did not start", e);
        }
    }

    private static FakeSlack startSlack() {
        try {
            return new FakeSlack();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
