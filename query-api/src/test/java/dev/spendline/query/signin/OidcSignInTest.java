package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.controlplane.accounts.Membership;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.query.signin.FakeGitHub.Account;
import dev.spendline.query.signin.FakeOidcProvider.IdToken;
import dev.spendline.query.signin.FakeOidcProvider.Person;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Sign-in with third-party providers over real HTTP, configured only with Spring Boot's
 * {@code spring.security.oauth2.client.*} properties, against fakes on 127.0.0.1 that speak the real
 * protocols: an OpenID Connect provider (discovery, RS256 ID tokens, JWKS, user info) and a plain
 * OAuth 2 provider shaped like GitHub. The session chain, the account rules and the sessions (Spring
 * Session JDBC) are the real ones over an H2 control plane.
 */
@SpringBootTest(
        classes = OidcSignInTest.Config.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            // Plain http on loopback, as the standalone serves it: a browser sends no Secure cookie there.
            "server.servlet.session.cookie.secure=false",
            "spring.main.banner-mode=off"
        })
class OidcSignInTest {

    private static final String CLIENT_ID = "spendline-test";
    // Characters that client_secret_basic must form-encode before Base64 (RFC 6749 §2.3.1).
    private static final String CLIENT_SECRET = "s3cret+/=with:colon";
    private static final String PASSWORD = "correct horse battery";

    private static final FakeOidcProvider PROVIDER = new FakeOidcProvider();
    private static final FakeGitHub GITHUB = new FakeGitHub();

    @DynamicPropertySource
    static void providers(DynamicPropertyRegistry registry) {
        String fake = "spring.security.oauth2.client.registration.fake.";
        registry.add(fake + "client-id", () -> CLIENT_ID);
        registry.add(fake + "client-secret", () -> CLIENT_SECRET);
        registry.add(fake + "client-name", () -> "Fake ID");
        registry.add(fake + "scope", () -> "openid,email,profile");
        registry.add("spring.security.oauth2.client.provider.fake.issuer-uri", PROVIDER::issuer);

        String octo = "spring.security.oauth2.client.registration.octo.";
        registry.add(octo + "client-id", () -> CLIENT_ID);
        registry.add(octo + "client-secret", () -> CLIENT_SECRET);
        registry.add(octo + "client-name", () -> "GitHub");
        registry.add(octo + "scope", () -> "read:user,user:email");
        registry.add(octo + "authorization-grant-type", () -> "authorization_code");
        registry.add(octo + "redirect-uri", () -> "{baseUrl}/login/oauth2/code/{registrationId}");
        String octoProvider = "spring.security.oauth2.client.provider.octo.";
        registry.add(octoProvider + "authorization-uri", GITHUB::authorizationEndpoint);
        registry.add(octoProvider + "token-uri", GITHUB::tokenEndpoint);
        registry.add(octoProvider + "user-info-uri", GITHUB::userInfoEndpoint);
        registry.add(octoProvider + "user-name-attribute", () -> "id");
    }

    @AfterAll
    static void stopProviders() {
        PROVIDER.close();
        GITHUB.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    UserRepository users;

    @Autowired
    MembershipRepository memberships;

    @Autowired
    AccountService accounts;

    @Autowired
    DataSource dataSource;

    @BeforeEach
    void registerSpendlineAtTheProviders() {
        PROVIDER.register(
                CLIENT_ID, CLIENT_SECRET, app("/login/oauth2/code/fake").toString());
        GITHUB.register(CLIENT_ID, CLIENT_SECRET, app("/login/oauth2/code/octo").toString());
    }

    @Test
    void theSignInPageOffersEveryConfiguredProvider() {
        HttpResponse<String> page = new Browser().get(app("/signin"));

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("Sign in with Fake ID")
                .contains("href=\"/oauth2/authorization/fake\"")
                .contains("Sign in with GitHub")
                .contains("href=\"/oauth2/authorization/octo\"");
    }

    @Test
    void aFirstSignInCreatesTheAccountWithAWorkspaceOfItsOwnInANewSession() {
        Person grace = person("Grace Hopper");
        PROVIDER.signInAs(grace);
        Browser browser = new Browser();

        HttpResponse<String> toProvider = browser.get(app("/oauth2/authorization/fake"));
        assertThat(Browser.location(toProvider).toString()).startsWith(PROVIDER.authorizationEndpoint() + "?");
        String cookie = toProvider.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith("SPENDLINE_SESSION=").contains("HttpOnly").contains("SameSite=Lax");
        String sessionBefore = browser.cookie("SPENDLINE_SESSION").orElseThrow();
        HttpResponse<String> back = browser.follow(toProvider);
        assertThat(Browser.location(back).toString()).startsWith(app("/login/oauth2/code/fake") + "?code=");
        HttpResponse<String> signedIn = browser.follow(back);

        assertThat(Browser.location(signedIn)).isEqualTo(app("/app"));
        assertThat(browser.follow(signedIn).statusCode()).isEqualTo(200);
        assertThat(browser.cookie("SPENDLINE_SESSION"))
                .as("a new session id")
                .isNotEqualTo(java.util.Optional.of(sessionBefore));
        User user = users.findByIdentity(PROVIDER.issuer(), grace.subject()).orElseThrow();
        assertThat(user.email()).isEqualTo(grace.email());
        assertThat(user.displayName()).isEqualTo("Grace Hopper");
        assertThat(users.passwordHash(user.id())).as("no password").isEmpty();
        List<Membership> mine = memberships.forUser(user.id());
        assertThat(mine).singleElement().satisfies(m -> {
            assertThat(m.workspaceName()).isEqualTo("Grace Hopper's workspace");
            assertThat(m.role()).isEqualTo(Role.OWNER);
        });
        assertThat(whoami(browser))
                .isEqualTo(
                        mine.get(0).workspaceId() + " Grace Hopper's workspace OWNER FREE session_user:" + user.id());
        assertThat(sessionsOf(user))
                .as("the session is in the control-plane database")
                .isEqualTo(1);
    }

    @Test
    void theSameSubjectSignsInToTheSameAccountAndWorkspaceEvenWithANewEmail() {
        Person first = person("Katherine Johnson");
        PROVIDER.signInAs(first);
        Browser monday = new Browser();
        assertThat(Browser.location(signIn(monday, "fake"))).isEqualTo(app("/app"));
        String workspace = whoami(monday);

        PROVIDER.signInAs(new Person(first.subject(), "kj-" + UUID.randomUUID() + "@example.org", first.name()));
        Browser tuesday = new Browser();
        assertThat(Browser.location(signIn(tuesday, "fake"))).isEqualTo(app("/app"));

        assertThat(whoami(tuesday)).isEqualTo(workspace);
        User user = users.findByIdentity(PROVIDER.issuer(), first.subject()).orElseThrow();
        assertThat(memberships.forUser(user.id())).hasSize(1);
        assertThat(sessionsOf(user)).isEqualTo(2);
    }

    @Test
    void aSignedOutVisitorComesBackToThePageAskedForAfterSigningInWithAProvider() {
        PROVIDER.signInAs(person("Hedy Lamarr"));
        Browser browser = new Browser();
        HttpResponse<String> asked = browser.get(app("/app/whoami"));
        assertThat(Browser.location(asked)).isEqualTo(app("/signin"));

        assertThat(Browser.location(signIn(browser, "fake"))).isEqualTo(app("/app/whoami?continue"));
    }

    @Test
    void anEmailTheProviderHasNotVerifiedIsNotTaken() {
        String email = "unverified-" + UUID.randomUUID() + "@example.com";
        Person person = new Person("sub-" + UUID.randomUUID(), email, "Una", false);
        PROVIDER.signInAs(person);
        Browser browser = new Browser();

        assertThat(Browser.location(signIn(browser, "fake"))).isEqualTo(app("/app"));
        User user = users.findByIdentity(PROVIDER.issuer(), person.subject()).orElseThrow();
        assertThat(user.email())
                .isNotEqualTo(email)
                .startsWith(person.subject().toLowerCase(java.util.Locale.ROOT) + "@");
        // The address stays free for whoever owns it.
        assertThat(accounts.signUp(email, "Owner", PASSWORD, new AccountService.Joining.OwnWorkspace())
                        .email())
                .isEqualTo(email);
    }

    @Test
    void aProviderIdentityIsNeverLinkedToAPasswordAccountByItsEmail() {
        String email = "ada-" + UUID.randomUUID() + "@example.com";
        User owner = accounts.signUp(email, "Ada", PASSWORD, new AccountService.Joining.OwnWorkspace());
        Person impostor = new Person("sub-" + UUID.randomUUID(), email.toUpperCase(java.util.Locale.ROOT), "Ada");
        PROVIDER.signInAs(impostor);
        Browser browser = new Browser();

        assertRefused(browser, signIn(browser, "fake"));
        assertThat(users.findByIdentity(PROVIDER.issuer(), impostor.subject())).isEmpty();
        assertThat(memberships.forUser(owner.id())).hasSize(1);
        assertThat(sessionsOf(owner)).isZero();
    }

    @ParameterizedTest
    @EnumSource(names = {"FOREIGN_SIGNATURE", "OTHER_NONCE"})
    void anIdTokenThatIsForgedOrReplayedIsRefused(IdToken kind) {
        Person person = person("Eve " + kind);
        PROVIDER.signInAs(person);
        PROVIDER.nextIdToken(kind);
        Browser browser = new Browser();

        assertRefused(browser, signIn(browser, "fake"));
        assertThat(users.findByIdentity(PROVIDER.issuer(), person.subject())).isEmpty();
        assertThat(users.findByEmail(person.email())).isEmpty();
    }

    @Test
    void aGitHubShapedProviderSignsInByItsUserIdWithAWorkspaceOfItsOwn() {
        Account octocat =
                new Account(githubId(), "octocat", "The Octocat", "octocat-" + UUID.randomUUID() + "@example.com");
        GITHUB.signInAs(octocat);
        Browser browser = new Browser();

        assertThat(Browser.location(signIn(browser, "octo"))).isEqualTo(app("/app"));
        User user = users.findByIdentity(GITHUB.userInfoEndpoint(), Long.toString(octocat.id()))
                .orElseThrow();
        assertThat(user.email()).isEqualTo(octocat.email());
        List<Membership> mine = memberships.forUser(user.id());
        assertThat(mine).singleElement().satisfies(m -> {
            assertThat(m.workspaceName()).isEqualTo("The Octocat's workspace");
            assertThat(m.role()).isEqualTo(Role.OWNER);
        });
        assertThat(whoami(browser)).startsWith(mine.get(0).workspaceId() + " The Octocat's workspace OWNER");

        Browser again = new Browser();
        assertThat(Browser.location(signIn(again, "octo"))).isEqualTo(app("/app"));
        assertThat(whoami(again)).isEqualTo(whoami(browser));
        assertThat(memberships.forUser(user.id())).hasSize(1);
    }

    @Test
    void aGitHubUserWithoutAPublicNameIsNamedByTheirLogin() {
        String login = "hubot" + ThreadLocalRandom.current().nextInt(1_000_000);
        // GitHub answers "name": null and "email": null for what a user keeps private.
        Account hubot = new Account(githubId(), login, null, null);
        GITHUB.signInAs(hubot);
        Browser browser = new Browser();

        assertThat(Browser.location(signIn(browser, "octo"))).isEqualTo(app("/app"));
        User user = users.findByIdentity(GITHUB.userInfoEndpoint(), Long.toString(hubot.id()))
                .orElseThrow();
        assertThat(user.displayName()).isEqualTo(login);
        assertThat(memberships.forUser(user.id())).singleElement().satisfies(m -> assertThat(m.workspaceName())
                .isEqualTo(login + "'s workspace"));
    }

    @Test
    void aGitHubUserWithTheEmailOfAPasswordAccountIsRefused() {
        String email = "linus-" + UUID.randomUUID() + "@example.com";
        accounts.signUp(email, "Linus", PASSWORD, new AccountService.Joining.OwnWorkspace());
        Account other = new Account(githubId(), "linus", "Linus", email);
        GITHUB.signInAs(other);
        Browser browser = new Browser();

        assertRefused(browser, signIn(browser, "octo"));
        assertThat(users.findByIdentity(GITHUB.userInfoEndpoint(), Long.toString(other.id())))
                .isEmpty();
    }

    /**
     * From the provider button to the answer of the callback: Spendline sends the browser to the
     * provider, the provider (its user already signed in there) sends it back with a code, and the
     * callback's answer is returned unfollowed.
     */
    private HttpResponse<String> signIn(Browser browser, String registrationId) {
        HttpResponse<String> toProvider = browser.get(app("/oauth2/authorization/" + registrationId));
        FakeAuthorizationServer<?> provider = registrationId.equals("fake") ? PROVIDER : GITHUB;
        assertThat(Browser.location(toProvider).toString()).startsWith(provider.authorizationEndpoint() + "?");
        HttpResponse<String> back = browser.follow(toProvider);
        assertThat(Browser.location(back).toString())
                .startsWith(app("/login/oauth2/code/" + registrationId) + "?code=");
        return browser.follow(back);
    }

    /** Back at the sign-in page with the provider's error, and not signed in. */
    private void assertRefused(Browser browser, HttpResponse<String> callback) {
        assertThat(Browser.location(callback)).isEqualTo(app("/signin?providerError"));
        HttpResponse<String> page = browser.follow(callback);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body())
                .contains("Signing in with that provider did not work.")
                .contains("If you created your account with a password, sign in with it.");
        assertThat(Browser.location(browser.get(app("/app/whoami")))).isEqualTo(app("/signin"));
    }

    private String whoami(Browser browser) {
        HttpResponse<String> page = browser.get(app("/app/whoami"));
        assertThat(page.statusCode()).as("signed in").isEqualTo(200);
        return page.body();
    }

    private int sessionsOf(User user) {
        return JdbcClient.create(dataSource)
                .sql("select count(*) from spring_session where principal_name = :user")
                .param("user", user.id())
                .query(Integer.class)
                .single();
    }

    private URI app(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    private static Person person(String name) {
        String id = UUID.randomUUID().toString();
        return new Person(
                "sub-" + id,
                name.toLowerCase(java.util.Locale.ROOT).replace(' ', '.') + "-" + id + "@example.com",
                name);
    }

    private static long githubId() {
        return ThreadLocalRandom.current().nextLong(1, 1L << 40);
    }

    /** The overview's stand-in: where a sign-in lands. */
    @RestController
    static class Overview {
        @GetMapping("/app")
        String overview() {
            return "overview";
        }
    }

    /**
     * The control plane, chains and stand-in page of {@link SessionChainTest}, with auto-configuration
     * on top: a real server, Spring Session JDBC and the OAuth 2 client registrations.
     */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({SessionChainTest.Config.class, Overview.class})
    static class Config {}
}
