package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.slack.api.app_backend.SlackSignature;
import dev.spendline.ask.AskAnswer;
import dev.spendline.ask.Asker;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.dashboard.DashboardSlice;
import dev.spendline.query.signin.WorkspaceAuthentication;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.util.UriComponentsBuilder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Slack app end to end inside query-api: installs from settings against a local fake of Slack's
 * Web API and OAuth endpoints (Bolt and the API client pointed at it), every inbound request signed as
 * Slack signs it, answers from the real asker over known figures, state in the real control-plane
 * database (H2).
 */
@WebMvcTest
@ContextConfiguration(classes = SlackTestApplication.class)
class SlackAppTest {

    static final String SIGNING_SECRET = "signing-secret-of-the-test-app";
    static final String BASE_URL = "https://spendline.example.com";
    static final String QUESTION = "What did we spend by feature this month?";

    static final FakeSlack SLACK = start();

    @DynamicPropertySource
    static void slack(DynamicPropertyRegistry registry) {
        registry.add("spendline.base-url", () -> BASE_URL);
        registry.add("spendline.slack.client-id", () -> FakeSlack.CLIENT_ID);
        registry.add("spendline.slack.client-secret", () -> FakeSlack.CLIENT_SECRET);
        registry.add("spendline.slack.signing-secret", () -> SIGNING_SECRET);
        registry.add("spendline.slack.token-encryption-keys.k1", () -> "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=");
        registry.add("spendline.slack.token-encryption-key-id", () -> "k1");
        registry.add("spendline.slack.api-url", SLACK::apiUrl);
        registry.add("spendline.slack.authorize-url", () -> SLACK.base() + "/oauth/v2/authorize");
    }

    @AfterAll
    static void stopSlack() {
        SLACK.close();
    }

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    UserRepository users;

    @Autowired
    SlackInstallationRepository installations;

    @Autowired
    SlackAlertRepository alerts;

    @Autowired
    JdbcClient controlPlaneJdbcClient;

    @Autowired
    Asker asker;

    @Autowired
    DashboardSlice.MovableClock clock;

    Workspace acme;
    WorkspaceAuthentication owner;
    MockHttpSession ownerSession;
    String teamId;
    String botToken;

    @BeforeEach
    void workspaceWithAnOwner() {
        clock.set(SlackTestApplication.NOW);
        acme = workspaces.create("Acme " + UUID.randomUUID(), Plan.TEAM);
        owner = viewer(acme, Role.OWNER);
        ownerSession = new MockHttpSession();
        teamId = "T"
                + Long.toString(Math.abs(UUID.randomUUID().getMostSignificantBits()), 36)
                        .toUpperCase();
        botToken = "xoxb-" + UUID.randomUUID();
    }

    @Test
    void anOwnerInstallsFromSettingsAndTheBotTokenIsStoredEncrypted() throws Exception {
        String authorize = startInstall(owner, ownerSession);
        Map<String, String> query = query(authorize);
        assertThat(authorize).startsWith(SLACK.base() + "/oauth/v2/authorize?");
        assertThat(query)
                .containsEntry("client_id", FakeSlack.CLIENT_ID)
                .containsEntry("scope", SlackProperties.SCOPES)
                .containsEntry("redirect_uri", BASE_URL + "/app/settings/slack/callback");

        MvcResult done = callback(owner, ownerSession, query.get("state"), installs("Acme Slack"));
        assertThat(done.getResponse().getStatus())
                .as(done.getResponse().getContentAsString())
                .isEqualTo(302);
        assertThat(done.getResponse().getRedirectedUrl()).isEqualTo("/app/settings");
        assertThat((String) done.getFlashMap().get("notice")).contains("Slack workspace “Acme Slack” is connected");
        assertThat(SLACK.calls("/api/oauth.v2.access")).anySatisfy(call -> assertThat(call.form())
                .containsEntry("redirect_uri", BASE_URL + "/app/settings/slack/callback")
                .containsEntry("client_secret", FakeSlack.CLIENT_SECRET));

        assertThat(installations.findByTeam(teamId)).hasValueSatisfying(installation -> {
            assertThat(installation.workspaceId()).isEqualTo(acme.id());
            assertThat(installation.installedBy()).isEqualTo(owner.userId());
            assertThat(installation.botTokenCiphertext()).startsWith("v1:k1:");
        });
        // Every column of the row, as the database holds it: the token is in none of them.
        List<Map<String, Object>> rows = controlPlaneJdbcClient
                .sql("select * from slack_installations where team_id = :team")
                .param("team", teamId)
                .query()
                .listOfRows();
        assertThat(rows).singleElement().satisfies(row -> assertThat(row.values())
                .allSatisfy(value -> assertThat(String.valueOf(value)).doesNotContain(botToken.substring(5))));
    }

    @Test
    void aMemberCannotStartTheInstall() throws Exception {
        WorkspaceAuthentication member = viewer(acme, Role.MEMBER);
        MvcResult refused = mvc.perform(post("/app/settings/slack/install")
                        .with(authentication(member))
                        .with(csrf())
                        .session(new MockHttpSession()))
                .andReturn();
        assertThat(refused.getResponse().getStatus()).isEqualTo(403);
        assertThat(refused.getResponse().getContentAsString()).contains("Only owners and admins can connect Slack");
        assertThat(controlPlaneJdbcClient
                        .sql("select count(*) from slack_oauth_states where user_id = :user")
                        .param("user", member.userId())
                        .query(Integer.class)
                        .single())
                .isZero();
    }

    @Test
    void aCopiedAuthorizationUrlIsRefusedForAnotherUserOnceUsedAndWhenExpired() throws Exception {
        String state = query(startInstall(owner, ownerSession)).get("state");
        WorkspaceAuthentication otherAdmin = viewer(acme, Role.ADMIN);

        MvcResult wrongUser = callback(otherAdmin, new MockHttpSession(), state, installs("Acme Slack"));
        assertThat(wrongUser.getResponse().getStatus()).isEqualTo(403);
        assertThat(wrongUser.getResponse().getContentAsString()).contains("This install was started by someone else");

        MvcResult reused = callback(owner, ownerSession, state, installs("Acme Slack"));
        assertThat(reused.getResponse().getStatus()).isEqualTo(400);
        assertThat(reused.getResponse().getContentAsString()).contains("This install link cannot be used");

        String sameUserOtherSession = query(startInstall(owner, ownerSession)).get("state");
        assertThat(callback(owner, new MockHttpSession(), sameUserOtherSession, installs("Acme Slack"))
                        .getResponse()
                        .getStatus())
                .isEqualTo(403);

        String late = query(startInstall(owner, ownerSession)).get("state");
        clock.advance(Duration.ofMinutes(11));
        MvcResult expired = callback(owner, ownerSession, late, installs("Acme Slack"));
        assertThat(expired.getResponse().getStatus()).isEqualTo(400);
        assertThat(expired.getResponse().getContentAsString()).contains("This install link has expired");
        assertThat(installations.findByTeam(teamId)).isEmpty();
        assertThat(installations.findByWorkspace(acme.id())).isEmpty();
    }

    @Test
    void aSlackTeamAlreadyBoundToAnotherWorkspaceIsRefusedNamingIt() throws Exception {
        install();
        Workspace other = workspaces.create("Globex", Plan.FREE);
        WorkspaceAuthentication globexOwner = viewer(other, Role.OWNER);
        MockHttpSession session = new MockHttpSession();
        String state = query(startInstall(globexOwner, session)).get("state");

        MvcResult refused = callback(globexOwner, session, state, installs("Acme Slack"));

        assertThat(refused.getResponse().getStatus()).isEqualTo(409);
        assertThat(refused.getResponse().getContentAsString())
                .contains("connected to the Spendline workspace “" + acme.name() + "”")
                .contains("Disconnect Slack");
        assertThat(installations.findByTeam(teamId)).map(i -> i.workspaceId()).contains(acme.id());
        assertThat(installations.findByWorkspace(other.id())).isEmpty();
    }

    @Test
    void anAdminApprovalAnswerExplainsWhatHappensNext() throws Exception {
        String state = query(startInstall(owner, ownerSession)).get("state");
        MvcResult page = mvc.perform(get("/app/settings/slack/callback")
                        .param("state", state)
                        .param("error", "access_denied")
                        .with(authentication(owner))
                        .session(ownerSession))
                .andReturn();
        assertThat(page.getResponse().getStatus()).isEqualTo(403);
        assertThat(page.getResponse().getContentAsString())
                .contains("a Slack admin approves Spendline")
                .contains("Nothing is connected until then");
    }

    @Test
    void theSlashCommandIsAcknowledgedAndAnsweredThroughItsResponseUrlWithTheFiguresAndTheLink() throws Exception {
        install();
        String responseUrl = SLACK.base() + "/response/" + UUID.randomUUID();
        long started = System.nanoTime();
        MvcResult ack = sendCommand(QUESTION, responseUrl);
        // Acknowledged at once and empty: the answer goes to the response_url, so Slack's 3 s never wait on it.
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(3));
        assertThat(ack.getResponse().getStatus()).isEqualTo(200);
        assertThat(ack.getResponse().getContentAsString()).isEmpty();

        FakeSlack.Call answer = SLACK.await(responseUrl.substring(SLACK.base().length()), call -> true);
        JsonNode message = JsonMapper.shared().readTree(answer.body());
        AskAnswer expected = asker.ask(acme.id(), QUESTION, BASE_URL);
        assertThat(expected.answer()).contains("$1,234.56");
        assertThat(message.get("response_type").asString()).isEqualTo("in_channel");
        assertThat(message.get("text").asString()).isEqualTo(expected.answer());
        String blocks = message.get("blocks").toString();
        assertThat(blocks)
                .contains(expected.interpretation())
                .contains("search")
                .contains("$800.00")
                .contains("<" + BASE_URL + "/app/spend?by=feature&usage=product&from=2026-11-01&to=2026-11-22"
                        + "&limit=10|Open in the Spendline dashboard>");
    }

    @Test
    void aMentionIsAnsweredInItsThreadAndARetriedEventOnce() throws Exception {
        install();
        String eventId = "Ev" + UUID.randomUUID();
        String event = mention(eventId, "1764066000.000100", "<@U0BOT" + teamId + "> " + QUESTION);

        assertThat(slack("/slack/events", event, MediaType.APPLICATION_JSON, now(), null)
                        .getResponse()
                        .getStatus())
                .isEqualTo(200);
        SLACK.await("/api/chat.postMessage", call -> "1764066000.000100"
                .equals(call.form().get("thread_ts")));
        assertThat(slack("/slack/events", event, MediaType.APPLICATION_JSON, now(), "1")
                        .getResponse()
                        .getStatus())
                .isEqualTo(200);
        // A later mention: a second answer to the retry would have been queued before it. Answers are made on
        // a pool of threads, so a little more time is left for one that was queued earlier to arrive.
        slack(
                "/slack/events",
                mention("Ev" + UUID.randomUUID(), "1764066000.000300", "<@U0BOT" + teamId + "> are we over budget?"),
                MediaType.APPLICATION_JSON,
                now(),
                null);
        SLACK.await("/api/chat.postMessage", call -> "1764066000.000300"
                .equals(call.form().get("thread_ts")));
        Thread.sleep(500);

        List<FakeSlack.Call> answers = SLACK.calls("/api/chat.postMessage").stream()
                .filter(call -> "1764066000.000100".equals(call.form().get("thread_ts")))
                .toList();
        assertThat(answers).singleElement().satisfies(call -> {
            assertThat(call.token()).isEqualTo(botToken);
            assertThat(call.form()).containsEntry("channel", "C1");
            assertThat(call.form().get("text")).contains("$1,234.56");
            assertThat(call.form().get("blocks")).contains("Open in the Spendline dashboard");
        });
    }

    @Test
    void aMentionInTheThreadOfAnAnswerFollowsItUp() throws Exception {
        install();
        String thread = "1764066000.000700";
        slack(
                "/slack/events",
                mention("Ev" + UUID.randomUUID(), thread, "<@U0BOT" + teamId + "> spend by model this month"),
                MediaType.APPLICATION_JSON,
                now(),
                null);
        FakeSlack.Call first = SLACK.await(
                "/api/chat.postMessage", call -> thread.equals(call.form().get("thread_ts")));
        // The answer carries its context as message metadata, for the thread's next question.
        assertThat(first.form().get("metadata"))
                .contains(SlackThreads.EVENT_TYPE)
                .contains("\"context\":\"v1.");

        String followUp = "<@U0BOT" + teamId + "> and last month?";
        slack(
                "/slack/events",
                mention("Ev" + UUID.randomUUID(), "1764066000.000800", followUp)
                        .replace(
                                "\"ts\":\"1764066000.000800\"",
                                "\"ts\":\"1764066000.000800\",\"thread_ts\":\"" + thread + "\""),
                MediaType.APPLICATION_JSON,
                now(),
                null);
        FakeSlack.Call second = SLACK.await(
                "/api/chat.postMessage",
                call -> thread.equals(call.form().get("thread_ts"))
                        && call.form().get("blocks").contains("a follow-up of the previous answer"));
        assertThat(second.form().get("blocks")).contains("previous answer: Oct 2026");
        assertThat(SLACK.calls("/api/conversations.replies")).anySatisfy(call -> assertThat(call.form())
                .containsEntry("channel", "C1")
                .containsEntry("ts", thread)
                .containsEntry("include_all_metadata", "1"));

        // A mention outside any thread is a question of its own: no thread is read.
        int reads = SLACK.calls("/api/conversations.replies").size();
        slack(
                "/slack/events",
                mention("Ev" + UUID.randomUUID(), "1764066000.000900", "<@U0BOT" + teamId + "> and last month?"),
                MediaType.APPLICATION_JSON,
                now(),
                null);
        FakeSlack.Call own = SLACK.await("/api/chat.postMessage", call -> "1764066000.000900"
                .equals(call.form().get("thread_ts")));
        assertThat(own.form().get("blocks")).doesNotContain("a follow-up");
        assertThat(SLACK.calls("/api/conversations.replies")).hasSize(reads);
    }

    @Test
    void aBadSignatureAndAStaleTimestampAreRefusedAndDoNotMarkTheEvent() throws Exception {
        install();
        String eventId = "Ev" + UUID.randomUUID();
        String event = mention(eventId, "1764066000.000500", "<@U0BOT" + teamId + "> " + QUESTION);

        MvcResult forged = mvc.perform(post("/slack/events")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(event)
                        .header("X-Slack-Request-Timestamp", now())
                        .header(
                                "X-Slack-Signature",
                                new SlackSignature.Generator("not-the-secret").generate(now(), event)))
                .andReturn();
        assertThat(forged.getResponse().getStatus()).isEqualTo(401);

        String stale = String.valueOf(System.currentTimeMillis() / 1000 - 301);
        assertThat(slack("/slack/events", event, MediaType.APPLICATION_JSON, stale, null)
                        .getResponse()
                        .getStatus())
                .isEqualTo(401);
        // Slack's rule is five minutes either way: a future timestamp would make a replay window.
        String future = String.valueOf(System.currentTimeMillis() / 1000 + 301);
        assertThat(slack("/slack/events", event, MediaType.APPLICATION_JSON, future, null)
                        .getResponse()
                        .getStatus())
                .isEqualTo(401);
        String tenYears = String.valueOf(System.currentTimeMillis() / 1000 + 10L * 365 * 24 * 3600);
        assertThat(slack(
                                "/slack/commands",
                                "command=%2Fspendline&text=spend",
                                MediaType.APPLICATION_FORM_URLENCODED,
                                tenYears,
                                null)
                        .getResponse()
                        .getStatus())
                .isEqualTo(401);
        assertThat(SLACK.calls("/api/chat.postMessage").stream()
                        .filter(call -> "1764066000.000500".equals(call.form().get("thread_ts"))))
                .isEmpty();

        // The genuine delivery of the same event is still answered: refusals did not mark it as handled.
        slack("/slack/events", event, MediaType.APPLICATION_JSON, now(), null);
        SLACK.await("/api/chat.postMessage", call -> "1764066000.000500"
                .equals(call.form().get("thread_ts")));
    }

    @Test
    void appUninstalledRemovesTheBinding() throws Exception {
        install();
        String event = "{\"token\":\"x\",\"team_id\":\"" + teamId + "\",\"api_app_id\":\"A0SPENDLINE\","
                + "\"event\":{\"type\":\"app_uninstalled\",\"event_ts\":\"1764066000.000000\"},"
                + "\"type\":\"event_callback\",\"event_id\":\"Ev" + UUID.randomUUID() + "\",\"event_time\":1764066000}";
        assertEventRemovesTheBinding(event);
    }

    @Test
    void tokensRevokedForTheBotRemovesTheBinding() throws Exception {
        install();
        String event = "{\"token\":\"x\",\"team_id\":\"" + teamId + "\",\"api_app_id\":\"A0SPENDLINE\","
                + "\"event\":{\"type\":\"tokens_revoked\",\"tokens\":{\"oauth\":[],\"bot\":[\"U0BOT" + teamId
                + "\"]},\"event_ts\":\"1764066000.000000\"},"
                + "\"type\":\"event_callback\",\"event_id\":\"Ev" + UUID.randomUUID() + "\",\"event_time\":1764066000}";
        assertEventRemovesTheBinding(event);
    }

    @Test
    void aWriteRequestPointsToTheDashboardAndTheCliAndAnUnanswerableQuestionGetsExamples() throws Exception {
        install();
        JsonNode write = command("create a budget of $50 for feature search");
        assertThat(write.get("text").asString()).startsWith("Spendline does not make changes from Slack.");
        assertThat(write.get("blocks").toString())
                .contains("<" + BASE_URL + "/app/budgets|budgets>")
                .contains("spendline action prepare-budget")
                // The budget asked for, filled in (Slack does not know the plan, so it says Team is needed).
                .contains("<" + BASE_URL + "/app/budgets/new?name=search%20monthly&limitUsd=50&scope=FEATURE"
                        + "&scopeValue=search&period=MONTHLY|Open the budget form, filled in>")
                .contains("spendline action prepare-budget --name 'search monthly' --limit-usd 50 --scope FEATURE"
                        + " --scope-value search --period MONTHLY")
                .contains("Creating budgets needs the Team plan");

        JsonNode poem = command("write me a poem about the sea");
        assertThat(poem.get("text").asString()).startsWith("I can't answer that:");
        assertThat(poem.get("blocks").toString())
                .contains("Questions like these can be answered:")
                .contains("/spendline What did we spend by feature this month?");
    }

    @Test
    void disconnectRevokesTheTokenAndRemovesTheBinding() throws Exception {
        install();
        MvcResult done = mvc.perform(post("/app/settings/slack/disconnect")
                        .with(authentication(owner))
                        .with(csrf()))
                .andReturn();
        assertThat(done.getResponse().getStatus()).isEqualTo(302);
        assertThat((String) done.getFlashMap().get("notice"))
                .isEqualTo("Slack workspace “Acme Slack” is disconnected.");
        assertThat(SLACK.wasRevoked(botToken)).isTrue();
        assertThat(installations.findByTeam(teamId)).isEmpty();

        MvcResult member = mvc.perform(post("/app/settings/slack/disconnect")
                        .with(authentication(viewer(acme, Role.MEMBER)))
                        .with(csrf()))
                .andReturn();
        assertThat(member.getResponse().getStatus()).isEqualTo(403);
    }

    @Test
    void aCommandFromASlackWorkspaceThatIsNotConnectedIsToldHowToConnect() throws Exception {
        String response = "/response/" + UUID.randomUUID();
        MvcResult ack = sendCommand(QUESTION, SLACK.base() + response);
        assertThat(ack.getResponse().getStatus()).isEqualTo(200);
        // Bolt finds no bot for the team and answers through the response_url with our guide.
        assertThat(SLACK.await(response, call -> true).body())
                .contains("This Slack workspace is not connected to Spendline")
                .contains("Settings → Ask");
    }

    @Test
    void otherPathsUnderSlackAreNotFound() throws Exception {
        assertThat(mvc.perform(get("/slack/events")).andReturn().getResponse().getStatus())
                .isEqualTo(404);
        assertThat(mvc.perform(post("/slack/install")).andReturn().getResponse().getStatus())
                .isEqualTo(404);
    }

    // --- helpers ---

    private void assertEventRemovesTheBinding(String event) throws Exception {
        assertThat(installations.findByTeam(teamId)).isPresent();
        assertThat(slack("/slack/events", event, MediaType.APPLICATION_JSON, now(), null)
                        .getResponse()
                        .getStatus())
                .isEqualTo(200);
        assertThat(installations.findByTeam(teamId)).isEmpty();
    }

    /** A slash command as Slack sends it (form fields as documented), signed. */
    private MvcResult sendCommand(String text, String responseUrl) throws Exception {
        String body = form(Map.of(
                "team_id", teamId,
                "channel_id", "C1",
                "user_id", "U1",
                "command", "/spendline",
                "text", text,
                "api_app_id", "A0SPENDLINE",
                "response_url", responseUrl,
                "trigger_id", "13345224609.738474920.8088930838d88f008e0"));
        return slack("/slack/commands", body, MediaType.APPLICATION_FORM_URLENCODED, now(), null);
    }

    @Test
    void anOwnerChoosesTheAlertChannelForTheirWorkspaceOnlyAndCanStopIt() throws Exception {
        install();
        Workspace other = workspaces.create("Globex", Plan.TEAM);

        MvcResult saved =
                alertChannel(owner, "https://acme.slack.com/archives/C0ALERTS01", "BUDGET_FORECAST", "CRITICAL");

        assertThat(saved.getResponse().getStatus()).isEqualTo(302);
        assertThat((String) saved.getFlashMap().get("notice")).contains("posted to the channel C0ALERTS01");
        assertThat(alerts.findChannel(acme.id())).hasValueSatisfying(channel -> {
            assertThat(channel.channelId()).isEqualTo("C0ALERTS01");
            assertThat(channel.wants(AlertType.BUDGET_FORECAST, AlertSeverity.CRITICAL))
                    .isTrue();
            assertThat(channel.wants(AlertType.BUDGET_FORECAST, AlertSeverity.WARNING))
                    .isFalse();
            assertThat(channel.updatedBy()).isEqualTo(owner.userId());
        });
        assertThat(alerts.findChannel(other.id())).isEmpty();

        MvcResult stopped = mvc.perform(post("/app/settings/slack/alerts/stop")
                        .with(authentication(owner))
                        .with(csrf()))
                .andReturn();
        assertThat(stopped.getResponse().getStatus()).isEqualTo(302);
        assertThat(alerts.findChannel(acme.id())).isEmpty();
    }

    @Test
    void aMemberCannotChooseTheAlertChannelAndABadFormIsRefusedWithEveryProblem() throws Exception {
        install();
        MvcResult member = alertChannel(viewer(acme, Role.MEMBER), "C0ALERTS01", "SPEND_ANOMALY", "INFO");
        assertThat(member.getResponse().getStatus()).isEqualTo(403);
        assertThat(alerts.findChannel(acme.id())).isEmpty();

        MvcResult bad = alertChannel(owner, "#general", "SPENDING", null);
        assertThat(bad.getResponse().getStatus()).isEqualTo(400);
        assertThat(bad.getResponse().getContentAsString())
                .contains("The channel must be a Slack channel id")
                .contains("Unknown alert type: SPENDING.")
                .contains("Choose at least one severity.");
        assertThat(alerts.findChannel(acme.id())).isEmpty();
    }

    @Test
    void theAlertChannelNeedsSlackConnectedFirst() throws Exception {
        MvcResult refused = alertChannel(owner, "C0ALERTS01", "SPEND_ANOMALY", "INFO");

        assertThat(refused.getResponse().getStatus()).isEqualTo(409);
        assertThat(refused.getResponse().getContentAsString()).contains("Connect Slack first");
        assertThat(alerts.findChannel(acme.id())).isEmpty();
    }

    private MvcResult alertChannel(WorkspaceAuthentication viewer, String channel, String type, String severity)
            throws Exception {
        var request = post("/app/settings/slack/alerts")
                .with(authentication(viewer))
                .with(csrf())
                .param("channel", channel)
                .param("types", type);
        if (severity != null) {
            request.param("severities", severity);
        }
        return mvc.perform(request).andReturn();
    }

    /** Sends a signed slash command and returns what was posted to its response_url. */
    private JsonNode command(String text) throws Exception {
        String responseUrl = SLACK.base() + "/response/" + UUID.randomUUID();
        assertThat(sendCommand(text, responseUrl).getResponse().getStatus()).isEqualTo(200);
        return JsonMapper.shared()
                .readTree(SLACK.await(responseUrl.substring(SLACK.base().length()), call -> true)
                        .body());
    }

    private void install() throws Exception {
        String state = query(startInstall(owner, ownerSession)).get("state");
        assertThat(callback(owner, ownerSession, state, installs("Acme Slack"))
                        .getResponse()
                        .getStatus())
                .isEqualTo(302);
    }

    /** The next authorization code, which the fake exchanges for this test's team and bot token. */
    private String installs(String teamName) {
        String code = "code-" + UUID.randomUUID();
        SLACK.willInstall(code, new FakeSlack.Team(teamId, teamName, botToken));
        return code;
    }

    private String startInstall(WorkspaceAuthentication viewer, MockHttpSession session) throws Exception {
        MvcResult result = mvc.perform(post("/app/settings/slack/install")
                        .with(authentication(viewer))
                        .with(csrf())
                        .session(session))
                .andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(302);
        return result.getResponse().getRedirectedUrl();
    }

    private MvcResult callback(WorkspaceAuthentication viewer, MockHttpSession session, String state, String code)
            throws Exception {
        return mvc.perform(get("/app/settings/slack/callback")
                        .param("state", state)
                        .param("code", code)
                        .with(authentication(viewer))
                        .session(session))
                .andReturn();
    }

    /** A request signed as Slack signs it (v0, the timestamp and the raw body). */
    private MvcResult slack(String path, String body, MediaType type, String timestamp, String retryNum)
            throws Exception {
        var request = post(path)
                .contentType(type)
                .content(body)
                .header("X-Slack-Request-Timestamp", timestamp)
                .header("X-Slack-Signature", new SlackSignature.Generator(SIGNING_SECRET).generate(timestamp, body));
        if (retryNum != null) {
            request.header("X-Slack-Retry-Num", retryNum).header("X-Slack-Retry-Reason", "http_timeout");
        }
        return mvc.perform(request).andReturn();
    }

    private String mention(String eventId, String ts, String text) {
        return "{\"token\":\"x\",\"team_id\":\"" + teamId + "\",\"api_app_id\":\"A0SPENDLINE\","
                + "\"event\":{\"type\":\"app_mention\",\"user\":\"U1\",\"text\":\"" + text + "\",\"ts\":\"" + ts
                + "\",\"channel\":\"C1\",\"event_ts\":\"" + ts + "\"},"
                + "\"type\":\"event_callback\",\"event_id\":\"" + eventId + "\",\"event_time\":1764066000,"
                + "\"authorizations\":[{\"enterprise_id\":null,\"team_id\":\"" + teamId + "\",\"user_id\":\"U0BOT"
                + teamId + "\",\"is_bot\":true,\"is_enterprise_install\":false}]}";
    }

    private static String now() {
        return String.valueOf(System.currentTimeMillis() / 1000);
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static Map<String, String> query(String url) {
        return UriComponentsBuilder.fromUriString(url).build().getQueryParams().toSingleValueMap().entrySet().stream()
                .collect(Collectors.toMap(
                        Map.Entry::getKey, e -> java.net.URLDecoder.decode(e.getValue(), StandardCharsets.UTF_8)));
    }

    private WorkspaceAuthentication viewer(Workspace workspace, Role role) {
        return SlackTestApplication.viewer(users, workspace, role);
    }

    private static FakeSlack start() {
        try {
            return new FakeSlack();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
