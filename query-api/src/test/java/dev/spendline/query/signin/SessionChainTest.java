package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.forwardedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.zaxxer.hikari.HikariDataSource;
import dev.spendline.controlplane.ControlPlaneConfiguration;
import dev.spendline.controlplane.ControlPlaneMigrations;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.dashboard.DashboardFrame;
import dev.spendline.query.security.InternalPortSecurity;
import dev.spendline.query.security.SecurityConfiguration;
import dev.spendline.query.settings.web.MembersConfiguration;
import java.time.Clock;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The dashboard's session chain against the real control plane (H2) and the real sign-in pages:
 * sign-up, sign-in, CSRF, rate limits, session fixation, roles, setup links, invitations, and that
 * no id of another workspace reaches anything.
 */
@WebMvcTest(controllers = SessionChainTest.AppPage.class, properties = "spendline.signin.sign-ups-per-address=1000")
class SessionChainTest {

    private static final String PASSWORD = "correct horse battery";

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    MembershipRepository memberships;

    @Autowired
    UserRepository users;

    @Autowired
    SetupLinkRepository setupLinks;

    @Autowired
    ApiKeyRepository keys;

    @Test
    void signUpCreatesAWorkspaceOwnedByTheNewUserAndSignsThemIn() throws Exception {
        MockHttpSession session = signUp("ana-" + UUID.randomUUID() + "@example.com", "Ana");

        String page = mvc.perform(get("/app/whoami").session(session))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(page)
                .contains("Ana's workspace")
                .contains("OWNER")
                .contains("FREE")
                .contains("session_user:usr_");
        String members = mvc.perform(get("/app/settings/members").session(session))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Security-Policy", SessionSecurity.CONTENT_SECURITY_POLICY))
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(members).contains("Owner").contains("Create invitation link");
    }

    /** Browsers ask every page for an icon; before sign-in too, so it is public like the stylesheet. */
    @Test
    void theFaviconIsServedToAnyoneByThisChain() throws Exception {
        byte[] icon = mvc.perform(get("/favicon.ico"))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Security-Policy", SessionSecurity.CONTENT_SECURITY_POLICY))
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        // An ICO file: reserved 0, type 1 (icon), one image.
        assertThat(icon).startsWith(0, 0, 1, 0, 1, 0);
        String svg = mvc.perform(get("/assets/favicon.svg"))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        assertThat(svg).startsWith("<svg");
    }

    @Test
    void formsWithoutTheCsrfTokenAreRefused() throws Exception {
        mvc.perform(post("/signup").param("email", "csrf@example.com").param("password", PASSWORD))
                .andExpect(status().isForbidden());
        assertThat(users.findByEmail("csrf@example.com")).isEmpty();
        MockHttpSession session = signUp("owner-" + UUID.randomUUID() + "@example.com", "Owner");
        mvc.perform(post("/app/settings/members/invitations").session(session).param("role", "MEMBER"))
                .andExpect(status().isForbidden());
        mvc.perform(post("/signin").param("email", "x@example.com").param("password", PASSWORD))
                .andExpect(status().isForbidden());
    }

    @Test
    void aSignedOutUserIsSentToSignInAndThenBackToThePageAskedFor() throws Exception {
        String email = "back-" + UUID.randomUUID() + "@example.com";
        signUp(email, "Back");
        MockHttpSession session = new MockHttpSession();
        askForMembersSignedOut(session);
        signInAndExpectMembersPage(session, email);
    }

    @Test
    void aDashboardPollOfASignedOutPageIsNotWhereSignInLeadsBack() throws Exception {
        // An open overview keeps polling its figures (htmx). Signed out, the poll must not become
        // the page sign-in returns to, nor replace the one that was asked for (an MCP client's
        // authorization in another tab, or this settings page).
        String email = "poll-" + UUID.randomUUID() + "@example.com";
        signUp(email, "Poll");
        MockHttpSession session = new MockHttpSession();
        askForMembersSignedOut(session);
        mvc.perform(get("/app")
                        .param("fragment", "figures")
                        .header("HX-Request", "true")
                        .session(session))
                .andExpect(status().isUnauthorized())
                .andExpect(header().string("HX-Redirect", "/signin"));
        signInAndExpectMembersPage(session, email);

        // Nor does a poll alone open a session that a later sign-in would follow.
        MvcResult poll = mvc.perform(get("/app").param("fragment", "figures").header("HX-Request", "true"))
                .andExpect(status().isUnauthorized())
                .andReturn();
        assertThat(poll.getRequest().getSession(false)).isNull();
    }

    /** A signed-out visit of the members page: sent to sign-in, the page remembered. */
    private void askForMembersSignedOut(MockHttpSession session) throws Exception {
        mvc.perform(get("/app/settings/members").session(session))
                .andExpect(status().isFound())
                .andExpect(redirectedUrl("/signin"));
    }

    /** Signs in within {@code session}: back to the members page asked for before. */
    private void signInAndExpectMembersPage(MockHttpSession session, String email) throws Exception {
        mvc.perform(post("/signin")
                        .session(session)
                        .with(csrf())
                        .param("email", email)
                        .param("password", PASSWORD))
                .andExpect(status().isFound())
                .andExpect(redirectedUrl("http://localhost/app/settings/members?continue"));
    }

    @Test
    void signInChangesTheSessionIdAndWrongCredentialsGetOneGenericAnswer() throws Exception {
        String email = "fix-" + UUID.randomUUID() + "@example.com";
        signUp(email, "Fix");
        MockHttpSession session = new MockHttpSession();
        String before = session.getId();
        MvcResult signedIn = mvc.perform(post("/signin")
                        .session(session)
                        .with(csrf())
                        .param("email", email)
                        .param("password", PASSWORD))
                .andExpect(status().isFound())
                .andReturn();
        assertThat(signedIn.getRequest().getSession().getId()).isNotEqualTo(before);

        mvc.perform(post("/signin").with(csrf()).param("email", email).param("password", "wrong password!"))
                .andExpect(redirectedUrl("/signin?error"));
        mvc.perform(post("/signin")
                        .with(csrf())
                        .param("email", "nobody-" + UUID.randomUUID() + "@example.com")
                        .param("password", PASSWORD))
                .andExpect(redirectedUrl("/signin?error"));
        mvc.perform(get("/signin?error"))
                .andExpect(content().string(org.hamcrest.Matchers.containsString("Wrong e-mail or password.")));
    }

    @Test
    void anApiKeyIsNeverAcceptedAsAPassword() throws Exception {
        String email = "key-" + UUID.randomUUID() + "@example.com";
        MockHttpSession owner = signUp(email, "Key");
        String secret = keys.issue(workspaceOf(owner), "ci").secret();

        mvc.perform(post("/signin").with(csrf()).param("email", email).param("password", secret))
                .andExpect(redirectedUrl("/signin?error"));
        mvc.perform(post("/signin")
                        .with(csrf())
                        .param("email", "nobody-" + UUID.randomUUID() + "@example.com")
                        .param("password", secret))
                .andExpect(redirectedUrl("/signin?error"));
    }

    @Test
    void repeatedFailuresLockTheAccountForAWhileEvenWithTheRightPassword() throws Exception {
        String email = "locked-" + UUID.randomUUID() + "@example.com";
        signUp(email, "Locked");
        for (int i = 0; i < SignInAttempts.FAILURES_PER_EMAIL; i++) {
            mvc.perform(post("/signin").with(csrf()).param("email", email).param("password", "wrong password " + i))
                    .andExpect(redirectedUrl("/signin?error"));
        }
        mvc.perform(post("/signin")
                        .with(csrf())
                        .accept(org.springframework.http.MediaType.TEXT_HTML)
                        .param("email", email)
                        .param("password", PASSWORD))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().exists("Retry-After"))
                // MockMvc does not follow forwards; the page itself is checked over real HTTP (SignInLockoutTest).
                .andExpect(forwardedUrl(SignInLimitFilter.LOCKED_PAGE));
    }

    @Test
    void aBadSignUpSaysWhatIsWrongAndCreatesNothing() throws Exception {
        mvc.perform(post("/signup")
                        .with(csrf())
                        .param("email", "not-an-address")
                        .param("password", "short"))
                .andExpect(status().isBadRequest())
                .andExpect(content().string(org.hamcrest.Matchers.containsString("Enter an e-mail address")))
                .andExpect(content().string(org.hamcrest.Matchers.containsString("at least 10 characters")));
        String email = "twice-" + UUID.randomUUID() + "@example.com";
        signUp(email, "Twice");
        mvc.perform(post("/signup").with(csrf()).param("email", email).param("password", PASSWORD))
                .andExpect(status().isConflict());
    }

    @Test
    void theSetupLinkMakesItsOpenerTheOwnerOfTheExistingWorkspaceOnce() throws Exception {
        Workspace first = workspaces.create("Default workspace", Plan.TEAM);
        String token = setupLinks.issue(first.id()).orElseThrow();

        mvc.perform(get("/setup/" + token))
                .andExpect(status().isOk())
                .andExpect(content().string(org.hamcrest.Matchers.containsString("Default workspace")));
        MvcResult result = mvc.perform(post("/setup/" + token)
                        .with(csrf())
                        .param("email", "setup-" + UUID.randomUUID() + "@example.com")
                        .param("password", PASSWORD))
                .andExpect(redirectedUrl("/app"))
                .andReturn();
        MockHttpSession session = (MockHttpSession) result.getRequest().getSession();
        assertThat(whoami(session)).contains(first.id()).contains("OWNER").contains("TEAM");

        mvc.perform(get("/setup/" + token)).andExpect(status().isGone());
        mvc.perform(post("/setup/" + token)
                        .with(csrf())
                        .param("email", "late-" + UUID.randomUUID() + "@example.com")
                        .param("password", PASSWORD))
                .andExpect(status().isGone());
        assertThat(memberships.members(first.id())).hasSize(1);
    }

    @Test
    void anInvitedMemberJoinsOnceAndCannotManageMembers() throws Exception {
        MockHttpSession owner = signUp("inviter-" + UUID.randomUUID() + "@example.com", "Inviter");
        String workspaceId = workspaceOf(owner);
        String link = inviteLink(owner, "MEMBER");
        String path = link.substring(link.indexOf("/invite/"));

        MvcResult joined = mvc.perform(post(path)
                        .with(csrf())
                        .param("email", "member-" + UUID.randomUUID() + "@example.com")
                        .param("password", PASSWORD))
                .andExpect(redirectedUrl("/app"))
                .andReturn();
        MockHttpSession member = (MockHttpSession) joined.getRequest().getSession();
        assertThat(whoami(member)).contains(workspaceId).contains("MEMBER");

        mvc.perform(get(path)).andExpect(status().isGone());
        mvc.perform(post("/app/settings/members/invitations").session(member).with(csrf()))
                .andExpect(status().isForbidden());
        String ownerId = users.findByEmail(
                        memberships.members(workspaceId).get(0).email())
                .orElseThrow()
                .id();
        mvc.perform(post("/app/settings/members/" + ownerId + "/remove")
                        .session(member)
                        .with(csrf()))
                .andExpect(status().isForbidden());
        assertThat(memberships.members(workspaceId)).hasSize(2);
    }

    @Test
    void aSignedInUserJoinsASecondWorkspaceByInvitationAndSwitchesBetweenThem() throws Exception {
        MockHttpSession owner = signUp("host-" + UUID.randomUUID() + "@example.com", "Host");
        String hostWorkspace = workspaceOf(owner);
        String guestEmail = "guest-" + UUID.randomUUID() + "@example.com";
        MockHttpSession guest = signUp(guestEmail, "Guest");
        String guestWorkspace = workspaceOf(guest);
        String link = inviteLink(owner, "MEMBER");
        String accept = link.substring(link.indexOf("/invite/")) + "/accept";

        mvc.perform(get(accept).session(guest))
                .andExpect(status().isOk())
                .andExpect(content().string(org.hamcrest.Matchers.containsString("Host&#39;s workspace")));
        mvc.perform(post(accept).session(guest).with(csrf())).andExpect(redirectedUrl("/app"));
        assertThat(whoami(guest)).startsWith(hostWorkspace).contains("MEMBER");

        mvc.perform(post("/app/workspaces/switch").session(guest).with(csrf()).param("workspaceId", guestWorkspace))
                .andExpect(redirectedUrl("/app"));
        assertThat(whoami(guest)).startsWith(guestWorkspace).contains("OWNER");
        mvc.perform(post(accept).session(guest).with(csrf())).andExpect(status().isGone());

        // Removed by the owner: the next request of the guest's open session no longer reaches it.
        mvc.perform(post("/app/workspaces/switch").session(guest).with(csrf()).param("workspaceId", hostWorkspace))
                .andExpect(redirectedUrl("/app"));
        assertThat(whoami(guest)).startsWith(hostWorkspace);
        String guestId = users.findByEmail(guestEmail).orElseThrow().id();
        mvc.perform(post("/app/settings/members/" + guestId + "/remove")
                        .session(owner)
                        .with(csrf()))
                .andExpect(redirectedUrl("/app/settings/members"));
        assertThat(whoami(guest)).doesNotContain(hostWorkspace).startsWith(guestWorkspace);
    }

    @Test
    void idsOfAnotherWorkspaceReachNothing() throws Exception {
        MockHttpSession alice = signUp("alice-" + UUID.randomUUID() + "@example.com", "Alice");
        MockHttpSession bob = signUp("bob-" + UUID.randomUUID() + "@example.com", "Bob");
        String bobsWorkspace = workspaceOf(bob);
        String bobId = memberships.members(bobsWorkspace).get(0).userId();

        mvc.perform(post("/app/settings/members/" + bobId + "/remove")
                        .session(alice)
                        .with(csrf()))
                .andExpect(status().isNotFound());
        mvc.perform(post("/app/settings/members/" + bobId + "/role")
                        .session(alice)
                        .with(csrf())
                        .param("role", "MEMBER"))
                .andExpect(status().isNotFound());
        inviteLink(bob, "MEMBER");
        String bobsInvitation = invitationIdOf(bobsWorkspace);
        mvc.perform(post("/app/settings/members/invitations/" + bobsInvitation + "/revoke")
                        .session(alice)
                        .with(csrf()))
                .andExpect(status().isNotFound());
        mvc.perform(post("/app/workspaces/switch").session(alice).with(csrf()).param("workspaceId", bobsWorkspace))
                .andExpect(redirectedUrl("/app"));
        assertThat(whoami(alice)).doesNotContain(bobsWorkspace);
        assertThat(memberships.find(bobsWorkspace, bobId)).contains(Role.OWNER);
    }

    @Test
    void theLastOwnerStays() throws Exception {
        MockHttpSession owner = signUp("last-" + UUID.randomUUID() + "@example.com", "Last");
        String workspaceId = workspaceOf(owner);
        String ownerId = memberships.members(workspaceId).get(0).userId();
        mvc.perform(post("/app/settings/members/" + ownerId + "/role")
                        .session(owner)
                        .with(csrf())
                        .param("role", "MEMBER"))
                .andExpect(status().isConflict());
        mvc.perform(post("/app/settings/members/" + ownerId + "/remove")
                        .session(owner)
                        .with(csrf()))
                .andExpect(status().isConflict());
        assertThat(memberships.find(workspaceId, ownerId)).contains(Role.OWNER);
    }

    @Test
    void signOutEndsTheSession() throws Exception {
        MockHttpSession session = signUp("out-" + UUID.randomUUID() + "@example.com", "Out");
        mvc.perform(post("/signout").session(session).with(csrf())).andExpect(redirectedUrl("/signin?signedOut"));
        mvc.perform(get("/app/whoami").session(session)).andExpect(status().isFound());
    }

    private MockHttpSession signUp(String email, String name) throws Exception {
        MvcResult result = mvc.perform(post("/signup")
                        .with(csrf())
                        .param("email", email)
                        .param("name", name)
                        .param("password", PASSWORD))
                .andExpect(status().isFound())
                .andExpect(redirectedUrl("/app"))
                .andReturn();
        return (MockHttpSession) result.getRequest().getSession();
    }

    private String whoami(MockHttpSession session) throws Exception {
        return mvc.perform(get("/app/whoami").session(session))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
    }

    private String workspaceOf(MockHttpSession session) throws Exception {
        return whoami(session).split(" ")[0];
    }

    private String inviteLink(MockHttpSession owner, String role) throws Exception {
        String page = mvc.perform(post("/app/settings/members/invitations")
                        .session(owner)
                        .with(csrf())
                        .param("role", role))
                .andExpect(status().isOk())
                .andReturn()
                .getResponse()
                .getContentAsString();
        Matcher link =
                Pattern.compile("http://localhost/invite/inv_[A-Za-z0-9_-]{43}").matcher(page);
        assertThat(link.find()).as("the page shows the invitation link").isTrue();
        return link.group();
    }

    private String invitationIdOf(String workspaceId) {
        return org.springframework.jdbc.core.simple.JdbcClient.create(dataSource)
                .sql("select id from invitations where workspace_id = :ws")
                .param("ws", workspaceId)
                .query(String.class)
                .list()
                .get(0);
    }

    @Autowired
    DataSource dataSource;

    /** A stand-in page under /app that says who the request acts for. */
    @RestController
    static class AppPage {
        @GetMapping("/app/whoami")
        @ResponseBody
        String whoami(@AuthenticationPrincipal Principal principal) {
            WorkspaceAuthentication viewer = WorkspaceAuthentication.current();
            return principal.workspaceId() + " " + viewer.workspaceName() + " " + viewer.role() + " " + principal.plan()
                    + " " + principal.credential().reference();
        }
    }

    @SpringBootConfiguration
    @Import({
        ControlPlaneConfiguration.class,
        SecurityConfiguration.class,
        InternalPortSecurity.class,
        SessionSecurity.class,
        DashboardFrame.class,
        MembersConfiguration.class,
        AppPage.class
    })
    static class Config {

        @Bean
        DataSource controlPlane() {
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(
                    "jdbc:h2:mem:session_" + UUID.randomUUID().toString().replace("-", ""));
            dataSource.setUsername("sa");
            dataSource.setMinimumIdle(1);
            ControlPlaneMigrations.migrate(dataSource);
            return dataSource;
        }

        @Bean
        Clock clock() {
            return Clock.systemUTC();
        }
    }
}
