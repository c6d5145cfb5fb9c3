package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.clients.NodeClients;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Signed webhooks end to end: the standalone (real embedded Kafka, real HTTP) delivers alert changes to a
 * local receiver written in Node that checks every request with the Standard Webhooks reference verifier
 * ({@code standardwebhooks} 1.1.1 from npm; {@code src/test/node/webhook-receiver.mjs}). Short delivery
 * settings (200 ms first backoff, 1 s answer limit, 4 s failure window) stand in for the real 5 s / 10 s
 * / 24 h, so retries, time-outs and disabling happen within the test.
 */
class WebhooksIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);
    private static final String WEBHOOKS = "/api/v1/webhooks";

    private static Standalone spendline;
    private static SpendlineHttp http;
    private static Process receiver;
    private static String receiverUrl;
    private static final HttpClient client = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws Exception {
        Path node = NodeClients.node().orElse(null);
        boolean installed = Files.isRegularFile(NodeClients.NODE_MODULES.resolve("standardwebhooks/package.json"));
        if (node == null || !installed) {
            String message = "node or standardwebhooks missing: (cd standalone/src/test/node && npm ci)";
            String required = System.getenv(NodeClients.REQUIRE_VARIABLE);
            if (required != null && !required.isBlank() && !required.equals("0")) {
                throw new AssertionError(message);
            }
            Assumptions.abort(message);
        }
        receiver = new ProcessBuilder(node.toString(), "webhook-receiver.mjs")
                .directory(NodeClients.NODE_PROJECT.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String first =
                new BufferedReader(new InputStreamReader(receiver.getInputStream(), StandardCharsets.UTF_8)).readLine();
        receiverUrl =
                "http://127.0.0.1:" + Json.MAPPER.readTree(first).get("port").asInt();

        Path dataDir = Files.createTempDirectory("spendline-webhooks-it");
        spendline = Standalone.start(
                dataDir,
                FreePorts.loopback(),
                0,
                2,
                Map.of(
                        "spendline.webhooks.delivery.initial-backoff", "200ms",
                        "spendline.webhooks.delivery.max-backoff", "1s",
                        "spendline.webhooks.delivery.request-timeout", "1s",
                        "spendline.webhooks.delivery.connect-timeout", "1s",
                        "spendline.webhooks.delivery.disable-after", "4s",
                        "spendline.webhooks.delivery.retry-window", "1m"));
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
        if (receiver != null) {
            receiver.destroy();
        }
    }

    record Created(String id, String secret) {}

    private static String newKey(Plan plan) {
        var ctx = spendline.context();
        Workspace ws = ctx.getBean(WorkspaceRepository.class).create("webhooks", plan);
        return ctx.getBean(ApiKeyRepository.class).issue(ws.id(), "it").secret();
    }

    private static Created create(String key, String url, String filters) {
        SpendlineHttp.Response r = http.post(WEBHOOKS, key, "{\"url\":\"" + url + "\"" + filters + "}");
        assertThat(r.status()).as(r.raw().body()).isEqualTo(201);
        assertThat(r.raw().headers().firstValue("cache-control"))
                .hasValueSatisfying(v -> assertThat(v).contains("no-store"));
        return new Created(
                r.body().get("webhook").get("id").asString(),
                r.body().get("secret").asString());
    }

    private static void tellReceiver(String name, String... secrets) throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create(receiverUrl + "/_secrets/" + name))
                        .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(List.of(secrets))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(204);
    }

    private static List<JsonNode> received(Predicate<JsonNode> which) throws Exception {
        String body = client.send(
                        HttpRequest.newBuilder(URI.create(receiverUrl + "/_log"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        List<JsonNode> out = new ArrayList<>();
        Json.MAPPER.readTree(body).forEach(n -> {
            if (which.test(n)) {
                out.add(n);
            }
        });
        return out;
    }

    private static List<JsonNode> awaitReceived(Predicate<JsonNode> which, int count) throws Exception {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        List<JsonNode> got = received(which);
        while (got.size() < count && System.nanoTime() < deadline) {
            SpendlineHttp.sleep(50);
            got = received(which);
        }
        assertThat(got).as("requests received").hasSizeGreaterThanOrEqualTo(count);
        return got;
    }

    private static Predicate<JsonNode> path(String path) {
        return n -> n.get("path").asString().equals(path);
    }

    /** Every secret the receiver knows for the request's name verified it; tampering and age did not. */
    private static void assertVerified(JsonNode request) {
        assertThat(request.get("checks").size()).as(request.toString()).isPositive();
        request.get("checks").forEach(check -> {
            assertThat(check.get("verified").asBoolean()).as(check.toString()).isTrue();
            assertThat(check.get("tamperedRefused").asBoolean())
                    .as("tampered body refused")
                    .isTrue();
            assertThat(check.get("oldRefused").asBoolean())
                    .as("old timestamp refused")
                    .isTrue();
        });
    }

    /** A 1 USD daily budget and one 2 USD call: a CRITICAL budget alert opens at once. */
    private static Instant raiseAlert(String key, String feature) {
        assertThat(http.post(
                                "/api/v1/budgets",
                                key,
                                "{\"name\": \"Tiny\", \"scope\": \"FEATURE\", \"scopeValue\": \"" + feature
                                        + "\", \"period\": \"DAILY\", \"limitUsd\": 1}")
                        .status())
                .isEqualTo(201);
        http.await("/api/v1/budgets", key, EVENTUALLY, r -> r.get("budgets").size() == 1);
        Instant sent = Instant.now();
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(
                                        List.of(SpendlineHttp.eventAt("wh-" + feature, feature, "2", sent))))
                        .status())
                .isEqualTo(202);
        return sent;
    }

    @Test
    void anAlertReachesEveryEndpointSignedRetriedWithOneIdAndADeadEndpointIsDisabled() throws Exception {
        String key = newKey(Plan.TEAM);
        Created ok = create(key, receiverUrl + "/ok/main", ",\"severities\":[\"CRITICAL\"]");
        tellReceiver("main", ok.secret());
        Created flaky = create(key, receiverUrl + "/flaky/flaky", "");
        tellReceiver("flaky", flaky.secret());
        int closed = FreePorts.loopback();
        Created down = create(key, "http://127.0.0.1:" + closed + "/never", "");
        Created other = create(key, receiverUrl + "/ok/unwanted", ",\"alertTypes\":[\"SPEND_ANOMALY\"]");
        tellReceiver("unwanted", other.secret());

        Instant sent = raiseAlert(key, "search");

        // (d) The healthy endpoint is served on time while the others fail and retry.
        JsonNode delivered = awaitReceived(path("/ok/main"), 1).get(0);
        assertThat(delivered.get("receivedAt").asLong() - sent.toEpochMilli())
                .as("ms from the call to the webhook")
                .isLessThan(5000);
        assertVerified(delivered);
        JsonNode body = Json.MAPPER.readTree(delivered.get("body").asString());
        assertThat(body.get("type").asString()).isEqualTo("alert.opened");
        assertThat(body.get("workspaceId").asString())
                .isEqualTo(body.get("data").get("workspaceId").asString());
        assertThat(body.get("dashboardUrl").asString()).isEqualTo(spendline.baseUrl() + "/app/alerts");
        assertThat(body.get("data").get("type").asString()).isEqualTo("BUDGET_THRESHOLD");
        assertThat(body.get("data").get("severity").asString()).isEqualTo("CRITICAL");
        assertThat(body.get("data").get("evidence").get("limitUsd").decimalValue())
                .isEqualByComparingTo("1");
        assertThat(delivered.get("contentType").asString()).isEqualTo("application/json");

        // (b) 500, then no answer, then 202: three attempts with one webhook-id, accepted once.
        List<JsonNode> attempts = awaitReceived(path("/flaky/flaky"), 3);
        assertThat(attempts).extracting(n -> n.get("answered").asString()).containsExactly("500", "hang", "202");
        assertThat(attempts)
                .extracting(n -> n.get("webhook-id").asString())
                .containsOnly(attempts.get(0).get("webhook-id").asString());
        attempts.forEach(WebhooksIT::assertVerified);
        assertThat(attempts.get(0).get("body").asString())
                .isEqualTo(attempts.get(2).get("body").asString());
        JsonNode log = http.await(
                        WEBHOOKS + "/" + flaky.id() + "/attempts",
                        key,
                        EVENTUALLY,
                        r -> r.get("attempts").size() == 3)
                .get("attempts");
        assertThat(log)
                .extracting(a -> a.get("outcome").asString())
                .containsExactly("delivered", "retrying", "retrying");
        assertThat(log.get(0).get("status").asInt()).isEqualTo(202);
        assertThat(log.get(1).get("status").isNull()).isTrue();
        assertThat(log.get(1).get("detail").asString()).contains("no answer within 1000 ms");
        assertThat(log.get(2).get("status").asInt()).isEqualTo(500);
        SpendlineHttp.sleep(1500);
        assertThat(received(path("/flaky/flaky"))).hasSize(3);
        assertThat(received(path("/ok/main"))).hasSize(1);
        // An endpoint that wants other alert types gets nothing.
        assertThat(received(path("/ok/unwanted"))).isEmpty();

        // (c) A receiver that is down for the whole run: disabled after the failure window, with a notice.
        JsonNode disabled = http.await(WEBHOOKS + "/" + down.id(), key, EVENTUALLY, r -> !r.get("enabled")
                .asBoolean());
        assertThat(disabled.get("disabledReason").asString()).startsWith("Every delivery failed for 4 seconds");
        assertThat(disabled.get("notice").asString())
                .contains("Deliveries to http://127.0.0.1:" + closed + "/never stopped");
        JsonNode downLog =
                http.get(WEBHOOKS + "/" + down.id() + "/attempts", key).body().get("attempts");
        assertThat(downLog.get(0).get("outcome").asString()).isEqualTo("gave_up");
        assertThat(downLog.size()).isGreaterThan(2);
        // Meanwhile the healthy endpoint is still healthy.
        assertThat(http.get(WEBHOOKS + "/" + ok.id(), key).body().get("enabled").asBoolean())
                .isTrue();

        // A snooze is a change too: alert.snoozed with the alert and the snooze.
        String alertId = body.get("data").get("id").asString();
        assertThat(http.post(
                                "/api/v1/alerts/" + alertId + "/snooze",
                                key,
                                "{\"hours\": 2, \"reason\": \"known spike\"}")
                        .status())
                .isEqualTo(200);
        JsonNode snoozed = awaitReceived(path("/ok/main"), 2).get(1);
        assertVerified(snoozed);
        JsonNode snoozeBody = Json.MAPPER.readTree(snoozed.get("body").asString());
        assertThat(snoozeBody.get("type").asString()).isEqualTo("alert.snoozed");
        assertThat(snoozeBody.get("data").get("id").asString()).isEqualTo(alertId);
        assertThat(snoozeBody.get("snooze").get("reason").asString()).isEqualTo("known spike");
        assertThat(snoozed.get("webhook-id").asString())
                .isNotEqualTo(delivered.get("webhook-id").asString());
    }

    @Test
    void testEventsRotationAndNoSecretAfterCreation() throws Exception {
        String key = newKey(Plan.FREE);
        Created ep = create(key, receiverUrl + "/ok/rotating", "");
        tellReceiver("rotating", ep.secret());

        JsonNode test = http.post(WEBHOOKS + "/" + ep.id() + "/test", key, "").body();
        assertThat(test.get("delivered").asBoolean()).as(test.toString()).isTrue();
        assertThat(test.get("status").asInt()).isEqualTo(202);
        JsonNode first = awaitReceived(path("/ok/rotating"), 1).get(0);
        assertVerified(first);
        assertThat(Json.MAPPER
                        .readTree(first.get("body").asString())
                        .get("type")
                        .asString())
                .isEqualTo("webhook.test");

        SpendlineHttp.Response rotated = http.post(WEBHOOKS + "/" + ep.id() + "/rotate-secret", key, "");
        assertThat(rotated.status()).isEqualTo(200);
        String next = rotated.body().get("secret").asString();
        assertThat(next).startsWith("whsec_").isNotEqualTo(ep.secret());
        assertThat(rotated.body().get("webhook").get("previousSecretValidUntil").isNull())
                .isFalse();
        // For a day both secrets sign: a receiver with either one verifies.
        tellReceiver("rotating", next, ep.secret());
        assertThat(http.post(WEBHOOKS + "/" + ep.id() + "/test", key, "")
                        .body()
                        .get("delivered")
                        .asBoolean())
                .isTrue();
        JsonNode second = awaitReceived(path("/ok/rotating"), 2).get(1);
        assertVerified(second);
        assertThat(second.get("webhook-signature").asString().split(" ")).hasSize(2);

        String listed = http.get(WEBHOOKS, key).raw().body()
                + http.get(WEBHOOKS + "/" + ep.id(), key).raw().body();
        assertThat(listed)
                .contains(ep.id())
                .doesNotContain(ep.secret().substring(6))
                .doesNotContain(next.substring(6));
        JsonNode log =
                http.get(WEBHOOKS + "/" + ep.id() + "/attempts", key).body().get("attempts");
        assertThat(log).extracting(a -> a.get("eventType").asString()).containsOnly("webhook.test");

        assertThat(http.delete(WEBHOOKS + "/" + ep.id(), key).status()).isEqualTo(204);
        SpendlineHttp.assertProblem(http.get(WEBHOOKS + "/" + ep.id(), key), 404, "unknown_webhook", null);
    }

    @Test
    void redirectsAreNotFollowed() throws Exception {
        String key = newKey(Plan.FREE);
        Created ep = create(key, receiverUrl + "/redirect/r", "");
        tellReceiver("r", ep.secret());

        JsonNode test = http.post(WEBHOOKS + "/" + ep.id() + "/test", key, "").body();

        assertThat(test.get("delivered").asBoolean()).isFalse();
        assertThat(test.get("status").asInt()).isEqualTo(307);
        assertThat(test.get("detail").asString()).contains("redirects are not followed");
        SpendlineHttp.sleep(300);
        assertThat(received(path("/redirect/r"))).hasSize(1);
        assertThat(received(path("/ok/r"))).isEmpty();
    }

    @Test
    void addressesOutsideThePublicInternetAreRefused() {
        String key = newKey(Plan.TEAM);
        for (String[] c : new String[][] {
            {"https://10.0.0.1/hook", "private"},
            {"https://192.168.1.20/hook", "private"},
            {"https://169.254.169.254/latest/meta-data/", "metadata"},
            {"https://[fd00:ec2::254]/", "metadata"},
            {"https://[fe80::1]/hook", "link-local"},
            {"https://169.254.3.4/hook", "link-local"},
            {"https://0.0.0.0/hook", "unspecified"},
            {"https://224.0.0.251/hook", "multicast"},
            {"http://hooks.example.com/hook", "https"},
            {"ftp://hooks.example.com/hook", "https"}
        }) {
            SpendlineHttp.Response r = http.post(WEBHOOKS, key, "{\"url\":\"" + c[0] + "\"}");
            SpendlineHttp.assertProblem(r, 400, "invalid_webhook", "/url");
            assertThat(r.body().get("errors").get(0).get("message").asString())
                    .as(c[0])
                    .contains(c[1]);
        }
        assertThat(http.get(WEBHOOKS, key).body().get("webhooks").size()).isZero();
    }

    @Test
    void loopbackIsRefusedWhereTheOperatorHasNotAllowedIt() throws Exception {
        // The deployed services' default: the same check, in a second standalone without loopback permission.
        try (Standalone strict = Standalone.start(
                Files.createTempDirectory("spendline-webhooks-strict"),
                FreePorts.loopback(),
                0,
                1,
                Map.of("spendline.webhooks.allow-loopback", "false", "spendline.webhooks.delivery.enabled", "false"))) {
            Workspace ws = strict.context().getBean(WorkspaceRepository.class).create("strict", Plan.TEAM);
            String key = strict.context()
                    .getBean(ApiKeyRepository.class)
                    .issue(ws.id(), "it")
                    .secret();
            SpendlineHttp strictHttp = new SpendlineHttp(strict.baseUrl());
            for (String url :
                    List.of(receiverUrl + "/ok/x", "https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x")) {
                SpendlineHttp.Response r = strictHttp.post(WEBHOOKS, key, "{\"url\":\"" + url + "\"}");
                SpendlineHttp.assertProblem(r, 400, "invalid_webhook", "/url");
                assertThat(r.body().get("errors").get(0).get("message").asString())
                        .as(url)
                        .containsAnyOf("loopback", "must use https");
            }
        }
    }

    @Test
    void anotherWorkspaceNeverSeesOrChangesAnEndpoint() throws Exception {
        String ownerKey = newKey(Plan.TEAM);
        String strangerKey = newKey(Plan.TEAM);
        Created ep = create(ownerKey, receiverUrl + "/ok/isolated", "");
        tellReceiver("isolated", ep.secret());

        assertThat(http.get(WEBHOOKS, strangerKey).body().get("webhooks").size())
                .isZero();
        for (SpendlineHttp.Response r : List.of(
                http.get(WEBHOOKS + "/" + ep.id(), strangerKey),
                http.get(WEBHOOKS + "/" + ep.id() + "/attempts", strangerKey),
                http.post(WEBHOOKS + "/" + ep.id() + "/rotate-secret", strangerKey, ""),
                http.post(WEBHOOKS + "/" + ep.id() + "/test", strangerKey, ""),
                http.post(WEBHOOKS + "/" + ep.id() + "/enable", strangerKey, ""),
                http.delete(WEBHOOKS + "/" + ep.id(), strangerKey))) {
            SpendlineHttp.assertProblem(r, 404, "unknown_webhook", null);
        }
        assertThat(http.get(WEBHOOKS + "/" + ep.id(), ownerKey).status()).isEqualTo(200);
        assertThat(received(path("/ok/isolated"))).isEmpty();
        assertThat(http.get(WEBHOOKS, null).status()).isEqualTo(401);

        // The stranger's alert goes to the stranger's endpoints only.
        raiseAlert(strangerKey, "stranger");
        SpendlineHttp.sleep(3000);
        assertThat(received(path("/ok/isolated"))).isEmpty();
    }
}
