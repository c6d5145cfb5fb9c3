package dev.spendline.query.settings.web;

import static dev.spendline.query.settings.web.PageAssertions.html;
import static dev.spendline.query.settings.web.SettingsPagesTestApplication.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.webhooks.WebhookEndpoint;
import dev.spendline.controlplane.webhooks.WebhookEndpointRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * {@code /app/settings/webhooks} with the real repository and a real local receiver: owners and admins
 * add an endpoint (the secret on the answer page only), send a test event and read the delivery log;
 * members are refused; another workspace's endpoint is not found.
 */
@WebMvcTest(controllers = {WebhooksController.class, WorkspaceSettingsController.class})
@TestPropertySource(
        properties = {
            "spendline.webhooks.allow-loopback=true",
            "spendline.webhooks.secret-encryption-keys.test=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
        })
class WebhooksControllerTest {

    private static final Pattern SECRET = Pattern.compile("<p class=\"secret\" id=\"new-secret\">(whsec_[^<]+)</p>");

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    WebhookEndpointRepository repository;

    private Workspace workspace;
    private HttpServer receiver;
    private final List<String> signatures = new CopyOnWriteArrayList<>();
    private String url;

    @BeforeEach
    void start() throws Exception {
        workspace = workspaces.create("Acme", Plan.FREE);
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/", exchange -> {
            signatures.add(exchange.getRequestHeaders().getFirst("webhook-signature"));
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(202, -1);
            exchange.close();
        });
        receiver.start();
        url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
    }

    private String add(Role role) throws Exception {
        MvcResult created = mvc.perform(post("/app/settings/webhooks")
                        .param("url", url)
                        .param("severities", "CRITICAL")
                        .with(authentication(viewer(workspace, role)))
                        .with(csrf()))
                .andReturn();
        String page = html(created, 200);
        Matcher shown = SECRET.matcher(page);
        assertThat(shown.find()).as(page).isTrue();
        assertThat(created.getResponse().getHeader("Cache-Control")).isEqualTo("no-store");
        assertThat(page).contains("it will not be shown again");
        return shown.group(1);
    }

    @Test
    void anAddedEndpointShowsItsSecretOnceThenOnlyItsUrl() throws Exception {
        String secret = add(Role.ADMIN);

        String list = html(
                mvc.perform(get("/app/settings/webhooks").with(authentication(viewer(workspace, Role.OWNER))))
                        .andReturn(),
                200);
        assertThat(list)
                .contains(url)
                .contains("all types · CRITICAL")
                .contains("Active")
                .doesNotContain(secret);
        WebhookEndpoint stored = repository.listForWorkspace(workspace.id()).get(0);
        assertThat(stored.severities()).containsExactly("CRITICAL");
        assertThat(stored.secretCiphertext()).doesNotContain(secret.substring(6));
    }

    @Test
    void aTestEventIsSentAndLoggedWithItsStatusAndLatency() throws Exception {
        add(Role.OWNER);
        String id = repository.listForWorkspace(workspace.id()).get(0).id();

        MvcResult sent = mvc.perform(post("/app/settings/webhooks/" + id + "/test")
                        .with(authentication(viewer(workspace, Role.ADMIN)))
                        .with(csrf()))
                .andReturn();
        assertThat(sent.getResponse().getStatus()).isEqualTo(302);
        assertThat(String.valueOf(sent.getFlashMap().get("notice"))).contains("delivered: HTTP 202");
        assertThat(signatures).hasSize(1).allMatch(s -> s.startsWith("v1,"));

        String log = html(
                mvc.perform(get("/app/settings/webhooks/" + id).with(authentication(viewer(workspace, Role.ADMIN))))
                        .andReturn(),
                200);
        assertThat(log)
                .contains("webhook.test")
                .contains("<td>202</td>")
                .contains(" ms</td>")
                .contains("delivered");
    }

    @Test
    void rotatingShowsTheNewSecretAndBothSign() throws Exception {
        String first = add(Role.OWNER);
        String id = repository.listForWorkspace(workspace.id()).get(0).id();

        MvcResult rotated = mvc.perform(post("/app/settings/webhooks/" + id + "/rotate")
                        .with(authentication(viewer(workspace, Role.OWNER)))
                        .with(csrf()))
                .andReturn();
        Matcher shown = SECRET.matcher(html(rotated, 200));
        assertThat(shown.find()).isTrue();
        assertThat(shown.group(1)).isNotEqualTo(first);
        assertThat(html(rotated, 200)).contains("every request is signed");

        mvc.perform(post("/app/settings/webhooks/" + id + "/test")
                .with(authentication(viewer(workspace, Role.OWNER)))
                .with(csrf()));
        assertThat(signatures.get(0).split(" ")).hasSize(2);
    }

    @Test
    void aBadUrlIsAnsweredWithTheReasonAndNothingIsStored() throws Exception {
        MvcResult refused = mvc.perform(post("/app/settings/webhooks")
                        .param("url", "https://169.254.169.254/latest/meta-data")
                        .with(authentication(viewer(workspace, Role.ADMIN)))
                        .with(csrf()))
                .andReturn();
        assertThat(html(refused, 400)).contains("cloud metadata address");
        assertThat(repository.listForWorkspace(workspace.id())).isEmpty();
    }

    @Test
    void membersAreRefused() throws Exception {
        assertThat(mvc.perform(get("/app/settings/webhooks").with(authentication(viewer(workspace, Role.MEMBER))))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(403);
        MvcResult refused = mvc.perform(post("/app/settings/webhooks")
                        .param("url", url)
                        .with(authentication(viewer(workspace, Role.MEMBER)))
                        .with(csrf()))
                .andReturn();
        assertThat(html(refused, 403)).contains("Only owners and admins can change this");
        assertThat(repository.listForWorkspace(workspace.id())).isEmpty();
    }

    @Test
    void anotherWorkspacesEndpointIsNotFoundAndUnchanged() throws Exception {
        add(Role.OWNER);
        String id = repository.listForWorkspace(workspace.id()).get(0).id();
        Workspace other = workspaces.create("Other", Plan.FREE);

        for (String action : List.of("/test", "/rotate", "/enable", "/delete")) {
            MvcResult r = mvc.perform(post("/app/settings/webhooks/" + id + action)
                            .with(authentication(viewer(other, Role.OWNER)))
                            .with(csrf()))
                    .andReturn();
            assertThat(r.getResponse().getStatus()).as(action).isEqualTo(404);
        }
        assertThat(mvc.perform(get("/app/settings/webhooks/" + id).with(authentication(viewer(other, Role.OWNER))))
                        .andReturn()
                        .getResponse()
                        .getStatus())
                .isEqualTo(404);
        assertThat(repository.findInWorkspace(workspace.id(), id)).isPresent();
        assertThat(signatures).isEmpty();
    }

    @Test
    void aDisabledEndpointShowsItsNoticeAndCanBeEnabled() throws Exception {
        add(Role.OWNER);
        String id = repository.listForWorkspace(workspace.id()).get(0).id();
        repository.disable(
                id,
                java.time.Instant.parse("2026-11-22T09:00:00Z"),
                "Every delivery failed for 24 hours (last: HTTP 503).");

        String page = html(
                mvc.perform(get("/app/settings/webhooks").with(authentication(viewer(workspace, Role.OWNER))))
                        .andReturn(),
                200);
        assertThat(page).contains("Deliveries to " + url + " stopped").contains("Every delivery failed for 24 hours");
        // The owners see it on the settings page too; members, who cannot act on it, do not.
        assertThat(html(
                        mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.OWNER))))
                                .andReturn(),
                        200))
                .contains("Deliveries to " + url + " stopped");
        assertThat(html(
                        mvc.perform(get("/app/settings").with(authentication(viewer(workspace, Role.MEMBER))))
                                .andReturn(),
                        200))
                .doesNotContain("Deliveries to " + url + " stopped");

        mvc.perform(post("/app/settings/webhooks/" + id + "/enable")
                .with(authentication(viewer(workspace, Role.OWNER)))
                .with(csrf()));
        assertThat(repository.findInWorkspace(workspace.id(), id).orElseThrow().enabled())
                .isTrue();
    }
}
