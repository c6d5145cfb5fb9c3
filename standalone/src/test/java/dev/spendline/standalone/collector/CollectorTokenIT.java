package dev.spendline.standalone.collector;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The collector's OAuth session against a real standalone over real HTTP, as {@code spendline
 * collector setup} drives it: the device grant (authorization request, {@code authorization_pending},
 * the person signing in and entering the code on {@code /activate}, consent with a workspace, tokens),
 * usage rows sent with the access token and read back in the internal usage report, every refusal
 * (another employee, product events, the MCP endpoint and reports, a replaced or revoked token),
 * refresh rotation, and the authorization code grant with PKCE on a loopback redirect.
 */
class CollectorTokenIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String PASSWORD = "a long enough password";
    private static final String CLIENT = "spendline-collector";
    /** How long a refusal may take to show: the grant check is cached for a second here. */
    private static final Duration GRANT_CACHE = Duration.ofSeconds(1);

    private static Standalone spendline;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-collector-it"),
                FreePorts.loopback(),
                0,
                2,
                Map.of("spendline.oauth.grant-cache-ttl", GRANT_CACHE.toSeconds() + "s"));
        base = spendline.baseUrl();
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    record Person(String email, String workspaceId, String reportKey) {}

    private static Person signUp(String name) throws Exception {
        String email = name.toLowerCase() + "-" + UUID.randomUUID() + "@example.com";
        DeviceApproval.signUp(base, email, name, PASSWORD);
        var ctx = spendline.context();
        String userId = ctx.getBean(UserRepository.class)
                .findByEmail(email)
                .orElseThrow()
                .id();
        String workspaceId =
                ctx.getBean(MembershipRepository.class).forUser(userId).get(0).workspaceId();
        String key = ctx.getBean(ApiKeyRepository.class)
                .issue(workspaceId, "reports")
                .secret();
        return new Person(email, workspaceId, key);
    }

    @Test
    void theDeviceGrantGivesATokenThatSendsThisPersonsUsageUntilItIsRevoked() throws Exception {
        Person ana = signUp("Ana");

        Response device = form(
                "/oauth2/device_authorization",
                Map.of("client_id", CLIENT, "scope", "usage:write", "resource", base + "/api/v1/internal-usage"));
        assertThat(device.status()).as(device.text()).isEqualTo(200);
        String deviceCode = device.json().get("device_code").asString();
        String userCode = device.json().get("user_code").asString();
        assertThat(device.json().get("verification_uri").asString()).isEqualTo(base + "/activate");
        assertThat(device.json().get("verification_uri_complete").asString())
                .isEqualTo(base + "/activate?user_code=" + userCode);

        Response pending = deviceToken(deviceCode);
        assertThat(pending.status()).isEqualTo(400);
        assertThat(pending.json().get("error").asString()).isEqualTo("authorization_pending");

        String consentPage = DeviceApproval.signIn(base, ana.email(), PASSWORD).approve(userCode, ana.workspaceId());
        assertThat(consentPage).contains("Spendline collector").contains(ana.email());

        Response issued = deviceToken(deviceCode);
        assertThat(issued.status()).as(issued.text()).isEqualTo(200);
        String accessToken = issued.json().get("access_token").asString();
        String refreshToken = issued.json().get("refresh_token").asString();
        JsonNode claims = claims(accessToken);
        assertThat(claims.get("aud").asString()).isEqualTo(base + "/api/v1/internal-usage");
        assertThat(claims.get("email").asString()).isEqualTo(ana.email());
        assertThat(claims.get("name").asString()).isEqualTo("Ana");
        assertThat(claims.get("workspace_id").asString()).isEqualTo(ana.workspaceId());
        assertThat(claims.get("workspace_name").asString()).isNotBlank();
        String grantId = claims.get("grant_id").asString();

        // Rows for the token's user (in any letter case) are accepted.
        Instant at = Instant.now().minus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        Response accepted = ingest(
                "/api/v1/internal-usage",
                accessToken,
                rows(row("r-1", ana.email().toUpperCase(), "0.40", at), row("r-2", ana.email(), "0.60", at)));
        assertThat(accepted.status()).as(accepted.text()).isEqualTo(202);
        assertThat(accepted.json().get("accepted").asInt()).isEqualTo(2);

        // A batch with another employee's row is refused whole, every such row listed.
        Response mismatch = ingest(
                "/api/v1/internal-usage",
                accessToken,
                rows(
                        row("r-3", ana.email(), "5.00", at),
                        row("r-4", "bob@example.com", "5.00", at),
                        row("r-5", "eve@example.com", "5.00", at)));
        assertThat(mismatch.status()).isEqualTo(403);
        assertThat(mismatch.json().get("code").asString()).isEqualTo("employee_mismatch");
        assertThat(mismatch.json().get("errors").findValuesAsString("pointer"))
                .containsExactly("/rows/1/employeeEmail", "/rows/2/employeeEmail");
        Response single = ingest("/api/v1/internal-usage", accessToken, row("r-6", "bob@example.com", "5.00", at));
        assertThat(single.status()).isEqualTo(403);
        assertThat(single.json().get("errors").findValuesAsString("pointer")).containsExactly("/employeeEmail");

        // Not for product events, the MCP endpoint or the reports.
        Response events = ingest("/api/v1/events", accessToken, event("e-1"));
        assertThat(events.status()).isEqualTo(403);
        assertThat(events.json().get("code").asString()).isEqualTo("insufficient_scope");
        assertThat(get("/api/mcp", accessToken).status()).isEqualTo(401);
        assertThat(get("/api/v1/reports/spend?usage=internal&by=employee", accessToken)
                        .status())
                .isEqualTo(401);

        // The two accepted rows, and only they, reach the internal usage report.
        JsonNode report = await(
                "/api/v1/reports/spend?usage=internal&by=employee",
                ana.reportKey(),
                r -> r.get("totals").get("calls").asLong() >= 2);
        assertThat(report.get("totals").get("calls").asLong()).isEqualTo(2);
        assertThat(report.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("1.00");
        assertThat(report.get("rows").get(0).get("value").asString()).isEqualTo(ana.email());

        // Refresh rotates: a new pair; the replaced access token stops within the cache time.
        Response refreshed = form(
                "/oauth2/token",
                Map.of("grant_type", "refresh_token", "refresh_token", refreshToken, "client_id", CLIENT));
        assertThat(refreshed.status()).as(refreshed.text()).isEqualTo(200);
        String newAccess = refreshed.json().get("access_token").asString();
        String newRefresh = refreshed.json().get("refresh_token").asString();
        assertThat(newRefresh).isNotEqualTo(refreshToken);
        assertThat(claims(newAccess).get("grant_id").asString()).isEqualTo(grantId);
        Response replaced = awaitStatus(accessToken, 401);
        assertThat(replaced.json().get("code").asString()).isEqualTo("unauthorized");
        assertThat(replaced.json().get("detail").asString()).contains("replaced by a newer one");
        assertThat(ingest("/api/v1/internal-usage", newAccess, row("r-7", ana.email(), "0.10", at))
                        .status())
                .isEqualTo(202);

        // The collector revokes its own session (uninstall): the token stops.
        Response revoked = form(
                "/oauth2/revoke", Map.of("token", newRefresh, "token_type_hint", "refresh_token", "client_id", CLIENT));
        assertThat(revoked.status()).as(revoked.text()).isEqualTo(200);
        assertThat(awaitStatus(newAccess, 401).json().get("detail").asString()).contains("revoked");
        // Its grant is gone from the workspace's connected clients.
        assertThat(spendline.context().getBean(OAuthGrantRepository.class).listForWorkspace(ana.workspaceId()))
                .noneMatch(grant -> grant.id().equals(grantId));
    }

    @Test
    void aGrantRevokedInSettingsOrOfAnotherWorkspaceIsRefused() throws Exception {
        Person bob = signUp("Bob");
        Person eve = signUp("Eve");
        String bobToken = deviceTokens(bob).get("access_token").asString();
        String eveToken = deviceTokens(eve).get("access_token").asString();
        Instant at = Instant.now().minus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);

        // Each token writes to its own grant's workspace only, and only for its own user.
        assertThat(ingest("/api/v1/internal-usage", eveToken, row("e-1", eve.email(), "2.00", at))
                        .status())
                .isEqualTo(202);
        assertThat(ingest("/api/v1/internal-usage", eveToken, row("e-2", bob.email(), "2.00", at))
                        .status())
                .isEqualTo(403);
        assertThat(ingest("/api/v1/internal-usage", bobToken, row("b-1", bob.email(), "3.00", at))
                        .status())
                .isEqualTo(202);
        await(
                "/api/v1/reports/spend?usage=internal&by=employee",
                bob.reportKey(),
                r -> r.get("totals").get("calls").asLong() >= 1);
        JsonNode eveReport = await(
                "/api/v1/reports/spend?usage=internal&by=employee",
                eve.reportKey(),
                r -> r.get("totals").get("calls").asLong() >= 1);
        assertThat(eveReport.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("2.00");
        assertThat(eveReport.get("rows").get(0).get("value").asString()).isEqualTo(eve.email());

        // Revoked by the workspace (settings): refused within the cache time.
        String grantId = claims(bobToken).get("grant_id").asString();
        assertThat(spendline
                        .context()
                        .getBean(OAuthGrantRepository.class)
                        .revokeInWorkspace(bob.workspaceId(), grantId))
                .isTrue();
        assertThat(awaitStatus(bobToken, 401).json().get("detail").asString())
                .contains("grant of this access token was revoked");
        // Eve's grant is untouched.
        assertThat(ingest("/api/v1/internal-usage", eveToken, row("e-3", eve.email(), "1.00", at))
                        .status())
                .isEqualTo(202);
    }

    @Test
    void aRemovedMembersRefreshIsInvalidGrantSoTheCollectorSaysItsSessionEnded() throws Exception {
        Person cy = signUp("Cy");
        JsonNode tokens = deviceTokens(cy);
        String grantId =
                claims(tokens.get("access_token").asString()).get("grant_id").asString();
        var ctx = spendline.context();
        String userId = ctx.getBean(UserRepository.class)
                .findByEmail(cy.email())
                .orElseThrow()
                .id();

        assertThat(ctx.getBean(MembershipRepository.class).remove(cy.workspaceId(), userId))
                .isTrue();

        // invalid_grant is what the collector's session reads as "session ended" (CollectorSessionTest).
        Response refreshed = form(
                "/oauth2/token",
                Map.of(
                        "grant_type",
                        "refresh_token",
                        "refresh_token",
                        tokens.get("refresh_token").asString(),
                        "client_id",
                        CLIENT));
        assertThat(refreshed.status()).as(refreshed.text()).isEqualTo(400);
        assertThat(refreshed.json().get("error").asString()).isEqualTo("invalid_grant");
        assertThat(ctx.getBean(OAuthGrantRepository.class).find(grantId)).isEmpty();
    }

    @Test
    void aTokenForAnotherResourceOrForgedOrMissingIsRefused() throws Exception {
        Person ana = signUp("Carol");
        String token = deviceTokens(ana).get("access_token").asString();
        String[] parts = token.split("\\.");
        String forged = parts[0] + "." + parts[1] + "." + new StringBuilder(parts[2]).reverse();
        Response bad = ingest("/api/v1/internal-usage", forged, row("f-1", ana.email(), "1.00", Instant.now()));
        assertThat(bad.status()).isEqualTo(401);
        assertThat(bad.json().get("code").asString()).isEqualTo("unauthorized");
        assertThat(bad.json().get("detail").asString()).contains("not a valid token of this server");
        assertThat(bad.headers().firstValue("www-authenticate").orElse("")).contains("invalid_token");

        // An MCP client's token of the same person and workspace: for /api/mcp, not for ingest.
        HttpResponse<String> registered = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/oauth2/register"))
                        .header("content-type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"client_name\":\"An MCP client\","
                                + "\"grant_types\":[\"urn:ietf:params:oauth:grant-type:device_code\",\"refresh_token\"],"
                                + "\"token_endpoint_auth_method\":\"none\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(201);
        String mcpClient = JSON.readTree(registered.body()).get("client_id").asString();
        Response device = form("/oauth2/device_authorization", Map.of("client_id", mcpClient));
        DeviceApproval.approve(
                base, ana.email(), PASSWORD, device.json().get("user_code").asString(), ana.workspaceId());
        Response mcpTokens = form(
                "/oauth2/token",
                Map.of(
                        "grant_type",
                        "urn:ietf:params:oauth:grant-type:device_code",
                        "device_code",
                        device.json().get("device_code").asString(),
                        "client_id",
                        mcpClient));
        assertThat(mcpTokens.status()).as(mcpTokens.text()).isEqualTo(200);
        String mcpToken = mcpTokens.json().get("access_token").asString();
        assertThat(claims(mcpToken).get("aud").asString()).isEqualTo(base + "/api/mcp");
        Response wrongAudience =
                ingest("/api/v1/internal-usage", mcpToken, row("f-2", ana.email(), "1.00", Instant.now()));
        assertThat(wrongAudience.status()).isEqualTo(401);
        assertThat(wrongAudience.json().get("detail").asString())
                .contains("not for " + base + "/api/v1/internal-usage");
        assertThat(ingest("/api/v1/events", mcpToken, event("f-3")).status()).isEqualTo(401);

        // No credential, and an API key's refusal, keep their answers.
        assertThat(ingest("/api/v1/internal-usage", "spl_not_a_key", row("f-4", ana.email(), "1.00", Instant.now()))
                        .json()
                        .get("title")
                        .asString())
                .isEqualTo("Missing or invalid API key");
    }

    @Test
    void theCollectorAuthorizesWithPkceOnALoopbackRedirect() throws Exception {
        Person dan = signUp("Dan");
        String verifier = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString((UUID.randomUUID() + "-" + UUID.randomUUID()).getBytes(StandardCharsets.UTF_8));
        String challenge = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(
                        MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        String redirect = "http://127.0.0.1:" + FreePorts.loopback() + "/callback";
        String authorize = base + "/oauth2/authorize?response_type=code&client_id=" + CLIENT
                + "&redirect_uri=" + URLEncoder.encode(redirect, StandardCharsets.UTF_8)
                + "&scope=usage%3Awrite&state=xyz&code_challenge=" + challenge + "&code_challenge_method=S256";
        String callback = DeviceApproval.signIn(base, dan.email(), PASSWORD).authorize(authorize, dan.workspaceId());
        assertThat(callback).startsWith(redirect + "?code=").contains("state=xyz");
        String code = callback.replaceAll(".*[?&]code=([^&]+).*", "$1");

        Response withoutVerifier = form(
                "/oauth2/token",
                Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        redirect,
                        "client_id",
                        CLIENT));
        assertThat(withoutVerifier.status()).isIn(400, 401);

        Response tokens = form(
                "/oauth2/token",
                Map.of(
                        "grant_type", "authorization_code",
                        "code", code,
                        "redirect_uri", redirect,
                        "client_id", CLIENT,
                        "code_verifier", verifier));
        assertThat(tokens.status()).as(tokens.text()).isEqualTo(200);
        String accessToken = tokens.json().get("access_token").asString();
        assertThat(claims(accessToken).get("aud").asString()).isEqualTo(base + "/api/v1/internal-usage");
        assertThat(ingest("/api/v1/internal-usage", accessToken, row("d-1", dan.email(), "1.00", Instant.now()))
                        .status())
                .isEqualTo(202);
    }

    // ----- helpers

    private static JsonNode deviceTokens(Person person) throws Exception {
        Response device = form("/oauth2/device_authorization", Map.of("client_id", CLIENT, "scope", "usage:write"));
        assertThat(device.status()).as(device.text()).isEqualTo(200);
        DeviceApproval.approve(
                base, person.email(), PASSWORD, device.json().get("user_code").asString(), person.workspaceId());
        Response tokens = deviceToken(device.json().get("device_code").asString());
        assertThat(tokens.status()).as(tokens.text()).isEqualTo(200);
        return tokens.json();
    }

    private static Response deviceToken(String deviceCode) throws Exception {
        return form(
                "/oauth2/token",
                Map.of(
                        "grant_type", "urn:ietf:params:oauth:grant-type:device_code",
                        "device_code", deviceCode,
                        "client_id", CLIENT));
    }

    /** Sends one row with {@code token} until the answer is {@code status} (a refusal shows within the cache time). */
    private static Response awaitStatus(String token, int status) throws Exception {
        long deadline = System.nanoTime() + GRANT_CACHE.plusSeconds(10).toNanos();
        Response last;
        int n = 0;
        do {
            last = ingest(
                    "/api/v1/internal-usage",
                    token,
                    row("probe-" + UUID.randomUUID() + "-" + n++, "nobody@example.com", "0", Instant.now()));
            if (last.status() == status) {
                return last;
            }
            Thread.sleep(200);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(
                "Expected " + status + " within the cache time, last got " + last.status() + ": " + last.text());
    }

    private static JsonNode await(String pathAndQuery, String key, Predicate<JsonNode> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode last = null;
        while (System.nanoTime() < deadline) {
            Response answer = get(pathAndQuery, key);
            last = answer.status() == 200 ? answer.json() : null;
            if (last != null && done.test(last)) {
                // Settle: nothing more arrives (a refused row would show up now).
                Thread.sleep(1_000);
                return get(pathAndQuery, key).json();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("The report never matched; last: " + last);
    }

    private static String row(String externalId, String employee, String costUsd, Instant at) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("sourceKey", "laptop-1");
        row.put("sourceKind", "collector");
        row.put("tool", "claude_code");
        row.put("category", "coding_agent");
        row.put("employeeEmail", employee);
        row.put("provider", "anthropic");
        row.put("model", "claude-sonnet-4-5");
        row.put("inputTokens", 1000);
        row.put("outputTokens", 100);
        row.put("costBasis", "reported");
        row.put("costUsd", new java.math.BigDecimal(costUsd));
        row.put("ts", at.toString());
        row.put("externalId", externalId);
        return JSON.writeValueAsString(row);
    }

    private static String rows(String... rows) {
        return "{\"rows\":[" + String.join(",", rows) + "]}";
    }

    private static String event(String externalId) {
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":10,\"outputTokens\":5,"
                + "\"costUsd\":0.01,\"feature\":\"search\",\"tenantId\":\"acme\",\"externalId\":\"" + externalId
                + "\"}";
    }

    record Response(int status, String text, java.net.http.HttpHeaders headers) {
        JsonNode json() {
            return JSON.readTree(text);
        }
    }

    private static Response ingest(String path, String token, String body) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + token)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build());
    }

    private static Response get(String pathAndQuery, String token) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + token)
                .header("accept", "application/json")
                .GET()
                .build());
    }

    private static Response form(String path, Map<String, String> fields) throws Exception {
        StringBuilder body = new StringBuilder();
        fields.forEach((name, value) -> body.append(body.length() == 0 ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .timeout(Duration.ofSeconds(30))
                .header("content-type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build());
    }

    private static Response send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        return new Response(response.statusCode(), response.body(), response.headers());
    }

    private static JsonNode claims(String jwt) {
        return JSON.readTree(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]));
    }
}
