package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.slack.api.app_backend.SlackSignature;
import com.sun.net.httpserver.HttpServer;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import java.net.CookieManager;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.password.PasswordEncoder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Slack app on a running standalone, end to end (and, in the second test, alerts of the real
 * pipeline posted to the channel an owner chose in settings and updated in place when they resolve): an owner signs in with a password, adds Slack
 * from settings (a real session and CSRF token; Slack's side is a local fake answering
 * {@code oauth.v2.access}, {@code auth.test} and the command's {@code response_url} as Slack does),
 * events go in through the ingest API and the real pipeline, and a signed slash command is answered
 * through its {@code response_url} with exactly the figures sent and the dashboard link.
 */
class SlackIT {

    private static final String BASE_URL = "https://spendline.example";
    private static final String SIGNING_SECRET = "signing-secret-of-the-slack-it";
    private static final String BOT_TOKEN = "xoxb-1-2-slackit";
    private static final String EMAIL = "olga@example.com";
    private static final String PASSWORD = "a long enough password";

    private static final String ALERTS_BOT_TOKEN = "xoxb-1-2-slackit-alerts";
    private static final String ALERTS_CHANNEL = "C0ALERTSIT";

    private static HttpServer slack;
    /** The messages of the fake's channels as Slack shows them (an update replaces text and blocks). */
    private static final List<Map<String, String>> messages = new java.util.concurrent.CopyOnWriteArrayList<>();

    private static final BlockingQueue<String> responses = new LinkedBlockingQueue<>();
    private static Standalone spendline;
    private static SpendlineHttp http;
    private static final HttpClient browser = HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @BeforeAll
    static void start() throws Exception {
        slack = fakeSlack();
        String fake = "http://127.0.0.1:" + slack.getAddress().getPort();
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-slack-it"),
                FreePorts.loopback(),
                0,
                2,
                Map.of(
                        "spendline.base-url",
                        BASE_URL,
                        "spendline.slack.client-id",
                        "1111.2222",
                        "spendline.slack.client-secret",
                        "client-secret",
                        "spendline.slack.signing-secret",
                        SIGNING_SECRET,
                        "spendline.slack.token-encryption-keys.k1",
                        "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
                        "spendline.slack.token-encryption-key-id",
                        "k1",
                        "spendline.slack.api-url",
                        fake + "/api/",
                        "spendline.slack.authorize-url",
                        fake + "/oauth/v2/authorize"));
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
        if (slack != null) {
            slack.stop(0);
        }
    }

    @Test
    void aSlashCommandIsAnsweredWithTheFiguresOfTheEventsSentAndTheDashboardLink() throws Exception {
        var ctx = spendline.context();
        Workspace workspace = ctx.getBean(WorkspaceRepository.class).create("Slack IT", Plan.TEAM);
        String userId = ctx.getBean(UserRepository.class)
                .create(EMAIL, "Olga", ctx.getBean(PasswordEncoder.class).encode(PASSWORD))
                .id();
        ctx.getBean(MembershipRepository.class).add(workspace.id(), userId, Role.OWNER);
        String key =
                ctx.getBean(ApiKeyRepository.class).issue(workspace.id(), "it").secret();

        signIn();
        String authorize = location(postForm("/app/settings/slack/install", Map.of("_csrf", csrf("/app/settings"))));
        assertThat(authorize).contains("/oauth/v2/authorize?").contains("scope=commands,app_mentions:read,chat:write");
        Matcher state = Pattern.compile("[?&]state=([^&]+)").matcher(authorize);
        assertThat(state.find()).isTrue();
        HttpResponse<String> callback = get("/app/settings/slack/callback?code=code-1&state=" + state.group(1));
        assertThat(callback.statusCode()).as(callback.body()).isEqualTo(302);
        assertThat(get("/app/settings").body())
                .contains("Connected to the Slack workspace")
                .contains("Slack IT team");

        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        SpendlineHttp.eventAt("s-1", "search", "30", now),
                                        SpendlineHttp.eventAt("s-2", "chat", "10", now))))
                        .status())
                .isEqualTo(202);
        awaitTotal(key, "40");

        String month = YearMonth.from(now.atZone(ZoneOffset.UTC)).toString();
        String body = form(Map.of(
                "team_id", "TSLACKIT",
                "channel_id", "C1",
                "user_id", "U1",
                "command", "/spendline",
                "text", "What did we spend by feature this month?",
                "api_app_id", "A0SPENDLINE",
                "response_url", "http://127.0.0.1:" + slack.getAddress().getPort() + "/response/1",
                "trigger_id", "1.2.3"));
        String timestamp = String.valueOf(System.currentTimeMillis() / 1000);
        HttpResponse<String> ack = browser.send(
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + "/slack/commands"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("X-Slack-Request-Timestamp", timestamp)
                        .header(
                                "X-Slack-Signature",
                                new SlackSignature.Generator(SIGNING_SECRET).generate(timestamp, body))
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(ack.statusCode()).isEqualTo(200);

        String answer = responses.poll(20, TimeUnit.SECONDS);
        assertThat(answer).as("the answer posted to the response_url").isNotNull();
        JsonNode message = JsonMapper.shared().readTree(answer);
        assertThat(message.get("text").asString())
                .contains("$40.00 in total over 2 calls; search $30.00 (75%), chat $10.00 (25%).");
        assertThat(message.get("blocks").toString())
                .contains("Read as: AI spend by feature, product usage, ")
                .contains("$30.00")
                .contains("<" + BASE_URL + "/app/spend?by=feature&usage=product&from=" + month + "-01&to=");
    }

    private static void awaitTotal(String key, String total) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            SpendlineHttp.Response r = http.get(SpendlineHttp.REPORT_ALL, key);
            if (r.status() == 200
                    && r.body().get("totals").get("costUsd").decimalValue().compareTo(new java.math.BigDecimal(total))
                            == 0) {
                return;
            }
            SpendlineHttp.sleep(100);
        }
        throw new AssertionError("total " + total + " not reached");
    }

    private static void signIn() throws Exception {
        HttpResponse<String> signedIn =
                postForm("/signin", Map.of("email", EMAIL, "password", PASSWORD, "_csrf", csrf("/signin")));
        assertThat(signedIn.statusCode()).as(signedIn.body()).isEqualTo(302);
    }

    private static String csrf(String page) throws Exception {
        String html = get(page).body();
        Matcher token = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(html);
        assertThat(token.find()).as(page + " has a CSRF token").isTrue();
        return token.group(1);
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return browser.send(
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> postForm(String path, Map<String, String> fields) throws Exception {
        return browser.send(
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form(fields)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String location(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(302);
        return response.headers().firstValue("Location").orElseThrow();
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    @Test
    void anAlertOfTheRealPipelineIsPostedInTheChosenChannelAndItsResolutionUpdatesThatMessage() throws Exception {
        var ctx = spendline.context();
        Workspace workspace = ctx.getBean(WorkspaceRepository.class).create("Slack alerts IT", Plan.TEAM);
        String email = "omar@example.com";
        String userId = ctx.getBean(UserRepository.class)
                .create(email, "Omar", ctx.getBean(PasswordEncoder.class).encode(PASSWORD))
                .id();
        ctx.getBean(MembershipRepository.class).add(workspace.id(), userId, Role.OWNER);
        String key =
                ctx.getBean(ApiKeyRepository.class).issue(workspace.id(), "it").secret();
        HttpClient owner = HttpClient.newBuilder()
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();

        assertThat(send(
                                owner,
                                formRequest(
                                        "/signin",
                                        Map.of("email", email, "password", PASSWORD, "_csrf", csrf(owner, "/signin"))))
                        .statusCode())
                .isEqualTo(302);
        String authorize = location(
                send(owner, formRequest("/app/settings/slack/install", Map.of("_csrf", csrf(owner, "/app/settings")))));
        Matcher state = Pattern.compile("[?&]state=([^&]+)").matcher(authorize);
        assertThat(state.find()).isTrue();
        assertThat(send(owner, getRequest("/app/settings/slack/callback?code=code-2&state=" + state.group(1)))
                        .statusCode())
                .isEqualTo(302);
        String channelForm =
                "channel=" + ALERTS_CHANNEL + "&types=BUDGET_THRESHOLD&severities=WARNING&severities=CRITICAL"
                        + "&_csrf=" + URLEncoder.encode(csrf(owner, "/app/settings"), StandardCharsets.UTF_8);
        HttpResponse<String> chosen = send(
                owner,
                HttpRequest.newBuilder(URI.create(spendline.baseUrl() + "/app/settings/slack/alerts"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(channelForm))
                        .build());
        assertThat(chosen.statusCode()).as(chosen.body()).isEqualTo(302);
        assertThat(send(owner, getRequest("/app/settings")).body())
                .contains("Alerts are posted to the channel <code>" + ALERTS_CHANNEL + "</code>");

        awaitSlackNotifierAssigned();
        // A monthly budget of $50 for the whole workspace, and $45 spent now: 90 %, a WARNING alert.
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        dev.spendline.contracts.budget.Budget budget = new dev.spendline.contracts.budget.Budget(
                dev.spendline.contracts.budget.Budget.SCHEMA_VERSION,
                workspace.id(),
                "bud_slackalertsit00000001",
                "Everything",
                dev.spendline.contracts.budget.BudgetScope.WORKSPACE,
                null,
                dev.spendline.contracts.budget.BudgetPeriod.MONTHLY,
                new java.math.BigDecimal("50"),
                now,
                "key_it");
        var settings = ctx.getBean(dev.spendline.query.settings.SettingsWriter.class);
        settings.put(dev.spendline.topics.Topics.BUDGETS, workspace.id(), budget.key(), budget);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(SpendlineHttp.eventAt("a-1", "search", "45", now))))
                        .status())
                .isEqualTo(202);

        Map<String, String> posted = awaitMessage(m -> true);
        assertThat(posted.get("channel")).isEqualTo(ALERTS_CHANNEL);
        assertThat(posted.get("text")).startsWith("WARNING · Budget threshold: Budget \"Everything\"");
        assertThat(posted.get("blocks")).contains("$45.00", "$50.00", "90.0 %", "80 %", BASE_URL + "/app/alerts");

        // Deleting the budget resolves its alert: the same message is updated.
        settings.put(dev.spendline.topics.Topics.BUDGETS, workspace.id(), budget.key(), null);
        Map<String, String> updated = awaitMessage(m -> m.get("text").startsWith("Resolved"));
        assertThat(updated.get("ts")).isEqualTo(posted.get("ts"));
        assertThat(updated.get("text")).startsWith("Resolved · Budget threshold · WARNING");
        assertThat(messages).hasSize(1);
    }

    /** The notifier's group starts at the end of the topic: alerts count once it has its partitions. */
    private static void awaitSlackNotifierAssigned() throws Exception {
        var kafka = spendline.context().getBean(dev.spendline.topics.provision.KafkaClientSettings.class);
        try (var admin = org.apache.kafka.clients.admin.Admin.create(kafka.config())) {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                var group = admin.describeConsumerGroups(List.of("spendline-slack-alerts"))
                        .all()
                        .get()
                        .get("spendline-slack-alerts");
                if (group.groupState() == org.apache.kafka.common.GroupState.STABLE
                        && group.members().stream()
                                .anyMatch(m -> !m.assignment().topicPartitions().isEmpty())) {
                    return;
                }
                SpendlineHttp.sleep(100);
            }
        }
        throw new AssertionError("the Slack alert notifier never got its partitions");
    }

    private static Map<String, String> awaitMessage(java.util.function.Predicate<Map<String, String>> wanted) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (System.nanoTime() < deadline) {
            for (Map<String, String> message : messages) {
                if (wanted.test(message)) {
                    return message;
                }
            }
            SpendlineHttp.sleep(50);
        }
        throw new AssertionError("no such Slack message; messages: " + messages);
    }

    /**
     * {@code chat.postMessage} and {@code chat.update} as Slack answers them (form bodies, as the SDK
     * sends them): a message gets a {@code ts}; an update replaces its text and blocks, same ts.
     */
    private static synchronized String chat(String path, String body) {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                form.put(
                        java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        if (path.endsWith("postMessage")) {
            Map<String, String> message = new java.util.concurrent.ConcurrentHashMap<>(form);
            message.put("ts", "1764066999." + String.format("%06d", messages.size() + 1));
            messages.add(message);
            return "{\"ok\":true,\"channel\":\"" + form.get("channel") + "\",\"ts\":\"" + message.get("ts")
                    + "\",\"message\":{\"type\":\"message\"}}";
        }
        for (Map<String, String> message : messages) {
            if (message.get("channel").equals(form.get("channel"))
                    && message.get("ts").equals(form.get("ts"))) {
                message.put("text", form.get("text"));
                message.put("blocks", form.get("blocks"));
                return "{\"ok\":true,\"channel\":\"" + form.get("channel") + "\",\"ts\":\"" + form.get("ts")
                        + "\",\"text\":\"\"}";
            }
        }
        return "{\"ok\":false,\"error\":\"message_not_found\"}";
    }

    private static String csrf(HttpClient client, String page) throws Exception {
        String html = send(client, getRequest(page)).body();
        Matcher token = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"").matcher(html);
        assertThat(token.find()).as(page + " has a CSRF token").isTrue();
        return token.group(1);
    }

    private static HttpRequest getRequest(String path) {
        return HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                .GET()
                .build();
    }

    private static HttpRequest formRequest(String path, Map<String, String> fields) {
        return HttpRequest.newBuilder(URI.create(spendline.baseUrl() + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields)))
                .build();
    }

    private static HttpResponse<String> send(HttpClient client, HttpRequest request) throws Exception {
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /**
     * Slack's side, as far as this flow reaches it, answering as Slack documents: the code exchange, the
     * token check Bolt makes, and the command's response_url.
     */
    private static HttpServer fakeSlack() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String answer =
                    switch (path) {
                        case "/api/oauth.v2.access" -> body.contains("code=code-1")
                                ? "{\"ok\":true,\"access_token\":\"" + BOT_TOKEN + "\",\"token_type\":\"bot\","
                                        + "\"scope\":\"commands,app_mentions:read,chat:write\",\"bot_user_id\":\"U0BOT\","
                                        + "\"app_id\":\"A0SPENDLINE\",\"team\":{\"name\":\"Slack IT team\",\"id\":\"TSLACKIT\"},"
                                        + "\"enterprise\":null,\"is_enterprise_install\":false,\"authed_user\":{\"id\":\"U1\"}}"
                                : body.contains("code=code-2")
                                        ? "{\"ok\":true,\"access_token\":\"" + ALERTS_BOT_TOKEN
                                                + "\",\"token_type\":\"bot\","
                                                + "\"scope\":\"commands,app_mentions:read,chat:write\",\"bot_user_id\":\"U0BOT2\","
                                                + "\"app_id\":\"A0SPENDLINE\",\"team\":{\"name\":\"Alerts team\",\"id\":\"TALERTSIT\"},"
                                                + "\"enterprise\":null,\"is_enterprise_install\":false,\"authed_user\":{\"id\":\"U2\"}}"
                                        : "{\"ok\":false,\"error\":\"invalid_code\"}";
                        case "/api/chat.postMessage", "/api/chat.update" -> ("Bearer " + ALERTS_BOT_TOKEN)
                                        .equals(exchange.getRequestHeaders().getFirst("Authorization"))
                                ? chat(path, body)
                                : "{\"ok\":false,\"error\":\"invalid_auth\"}";
                        case "/api/auth.test" -> ("Bearer " + BOT_TOKEN)
                                        .equals(exchange.getRequestHeaders().getFirst("Authorization"))
                                ? "{\"ok\":true,\"url\":\"https://slackit.slack.com/\",\"team\":\"Slack IT team\","
                                        + "\"user\":\"spendline\",\"team_id\":\"TSLACKIT\",\"user_id\":\"U0BOT\",\"bot_id\":\"B0BOT\"}"
                                : ("Bearer " + ALERTS_BOT_TOKEN)
                                                .equals(exchange.getRequestHeaders()
                                                        .getFirst("Authorization"))
                                        ? "{\"ok\":true,\"url\":\"https://alertsit.slack.com/\",\"team\":\"Alerts team\","
                                                + "\"user\":\"spendline\",\"team_id\":\"TALERTSIT\",\"user_id\":\"U0BOT2\",\"bot_id\":\"B0BOT2\"}"
                                        : "{\"ok\":false,\"error\":\"invalid_auth\"}";
                        default -> {
                            if (path.startsWith("/response/")) {
                                responses.add(body);
                            }
                            yield "{\"ok\":true}";
                        }
                    };
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        return server;
    }
}
