package dev.spendline.query.signin;

import dev.spendline.controlplane.accounts.InvitationRepository;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.signin.SignInAttemptRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.security.SecurityConfiguration;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.userinfo.DefaultOAuth2UserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserRequest;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.core.user.OAuth2User;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestHeaderRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The dashboard's way in: a browser session (stored in the control-plane database) started by a
 * password sign-in or an OpenID Connect provider, CSRF tokens on every form, a strict content
 * security policy, and the session id changed at sign-in (no fixation). It claims only the
 * dashboard's paths; the API chains never see a cookie.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:dev/spendline/query/signin/session-defaults.properties")
@Import({SignInController.class})
public class SessionSecurity {

    /** Adaptive hashes (bcrypt by default), with the algorithm's id stored so it can be upgraded later. */
    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    @Bean
    SignInAttempts signInAttempts(
            SignInAttemptRepository repository,
            @Value("${spendline.signin.sign-ups-per-address:30}") int signUpsPerAddress,
            Clock clock) {
        return new SignInAttempts(repository, SignInAttempts.WINDOW, signUpsPerAddress, clock);
    }

    @Bean
    SessionSignIn sessionSignIn(SecurityContextRepository sessionContextRepository) {
        return new SessionSignIn(sessionContextRepository);
    }

    /**
     * @param defaultPlan the plan of workspaces created at sign-up ({@code spendline.workspaces.default-plan},
     *     FREE unless an operator says otherwise)
     */
    @Bean
    AccountService accountService(
            UserRepository users,
            WorkspaceRepository workspaces,
            MembershipRepository memberships,
            InvitationRepository invitations,
            SetupLinkRepository setupLinks,
            PasswordEncoder passwordEncoder,
            DataSource dataSource,
            @Value("${spendline.workspaces.default-plan:FREE}") Plan defaultPlan,
            Clock clock) {
        return new AccountService(
                users,
                workspaces,
                memberships,
                invitations,
                setupLinks,
                passwordEncoder,
                new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
                defaultPlan,
                clock);
    }

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self';"
            + " form-action 'self'; frame-ancestors 'none'";

    static final String FAVICON = "/favicon.ico";

    /** Every path of the dashboard and its sign-in; nothing else reaches this chain. */
    static final RequestMatcher PATHS = new OrRequestMatcher(
            PathPatternRequestMatcher.pathPattern("/"),
            PathPatternRequestMatcher.pathPattern("/app"),
            PathPatternRequestMatcher.pathPattern("/app/**"),
            PathPatternRequestMatcher.pathPattern("/signin"),
            PathPatternRequestMatcher.pathPattern(SignInLimitFilter.LOCKED_PAGE),
            PathPatternRequestMatcher.pathPattern("/signup"),
            PathPatternRequestMatcher.pathPattern("/signout"),
            PathPatternRequestMatcher.pathPattern("/setup/**"),
            PathPatternRequestMatcher.pathPattern("/invite/**"),
            PathPatternRequestMatcher.pathPattern("/oauth2/authorization/**"),
            PathPatternRequestMatcher.pathPattern("/login/oauth2/code/**"),
            PathPatternRequestMatcher.pathPattern("/assets/**"),
            PathPatternRequestMatcher.pathPattern("/webjars/**"),
            // Browsers ask for it on every page, whatever the page's icon link says.
            PathPatternRequestMatcher.pathPattern(FAVICON));

    @Bean
    SecurityContextRepository sessionContextRepository() {
        return new HttpSessionSecurityContextRepository();
    }

    @Bean
    @Order(SecurityConfiguration.Chains.SESSION)
    SecurityFilterChain sessionChain(
            HttpSecurity http,
            SecurityContextRepository sessionContextRepository,
            UserRepository users,
            MembershipRepository memberships,
            PasswordEncoder passwordEncoder,
            SignInAttempts attempts,
            ObjectProvider<ClientRegistrationRepository> providers,
            AccountService accounts)
            throws Exception {
        // This chain's own authentication: passwords here, and the providers' code exchange that
        // oauth2Login adds below. Not an explicit AuthenticationManager: HttpSecurity would then drop
        // the providers oauth2Login registers, and every provider sign-in would fail. Not the
        // application's AuthenticationManager bean as a parent either: it checks API keys, and a
        // wrong password must never be tried as one.
        // The filters are built here, not declared as beans, so that the servlet container does not
        // also run them on every request.
        DaoAuthenticationProvider passwords = new DaoAuthenticationProvider(new AccountUserDetails(users));
        passwords.setPasswordEncoder(passwordEncoder);
        http.getSharedObject(AuthenticationManagerBuilder.class).parentAuthenticationManager(null);
        LoginUrlAuthenticationEntryPoint toSignIn = new LoginUrlAuthenticationEntryPoint("/signin");
        http.securityMatcher(PATHS)
                .authenticationProvider(passwords)
                .securityContext(context -> context.securityContextRepository(sessionContextRepository))
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers("/assets/**", "/webjars/**", FAVICON)
                        .permitAll()
                        .requestMatchers(
                                "/", "/signin", SignInLimitFilter.LOCKED_PAGE, "/signup", "/signout", "/setup/**")
                        .permitAll()
                        .requestMatchers(HttpMethod.GET, "/invite/*")
                        .permitAll()
                        .requestMatchers(HttpMethod.POST, "/invite/*")
                        .permitAll()
                        .requestMatchers("/invite/*/accept", "/app", "/app/**")
                        .authenticated()
                        .requestMatchers("/oauth2/authorization/**", "/login/oauth2/code/**")
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .formLogin(form -> form.loginPage("/signin")
                        .loginProcessingUrl("/signin")
                        .usernameParameter("email")
                        .passwordParameter("password")
                        .successHandler(new SignInSuccess(attempts))
                        .failureHandler(new SignInFailure())
                        .permitAll())
                .requestCache(cache -> cache.requestCache(pagesToReturnTo()))
                .logout(logout -> logout.logoutUrl("/signout").logoutSuccessUrl("/signin?signedOut"))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .exceptionHandling(errors -> errors.authenticationEntryPoint((request, response, e) -> {
                    if (request.getHeader("HX-Request") != null) {
                        // An htmx poll of an expired session: tell htmx to load the sign-in page whole.
                        response.setHeader("HX-Redirect", "/signin");
                        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
                        return;
                    }
                    toSignIn.commence(request, response, e);
                }))
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .referrerPolicy(
                                referrer -> referrer.policy(ReferrerPolicyHeaderWriter.ReferrerPolicy.SAME_ORIGIN)))
                .addFilterBefore(new SignInLimitFilter(attempts), UsernamePasswordAuthenticationFilter.class)
                .addFilterBefore(new WorkspaceSelection(users, memberships, accounts), AuthorizationFilter.class);
        if (providers.getIfAvailable() != null) {
            http.oauth2Login(login -> login.loginPage("/signin")
                    .userInfoEndpoint(userInfo ->
                            userInfo.oidcUserService(providerUsers(accounts)).userService(oauth2Users(accounts)))
                    .successHandler(new SignInSuccess(attempts))
                    .failureUrl("/signin?providerError"));
        }
        return http.build();
    }

    /**
     * Which signed-out requests sign-in returns to: pages a person asked for (GET), never the
     * dashboard's own background requests. An open overview polls its figures with htmx; signed
     * out, that poll would otherwise replace the page that was asked for (in the session all
     * chains share, so also an MCP client's authorization in another tab) and sign-in would land
     * on a bare fragment. Spring's default leaves out favicons and {@code XMLHttpRequest}s but
     * does not know htmx's header.
     */
    static RequestCache pagesToReturnTo() {
        HttpSessionRequestCache cache = new HttpSessionRequestCache();
        cache.setRequestMatcher(new AndRequestMatcher(
                request -> HttpMethod.GET.matches(request.getMethod()),
                new NegatedRequestMatcher(new RequestHeaderRequestMatcher("HX-Request")),
                new NegatedRequestMatcher(new RequestHeaderRequestMatcher("X-Requested-With", "XMLHttpRequest")),
                new NegatedRequestMatcher(PathPatternRequestMatcher.pathPattern(FAVICON))));
        return cache;
    }

    /**
     * A provider that speaks plain OAuth 2 rather than OpenID Connect (GitHub): the user is the
     * provider's user id, under the registration's user-info URI as the issuer.
     */
    private static OAuth2UserService<OAuth2UserRequest, OAuth2User> oauth2Users(AccountService accounts) {
        DefaultOAuth2UserService provider = new DefaultOAuth2UserService();
        return request -> {
            OAuth2User user = provider.loadUser(request);
            ClientRegistration registration = request.getClientRegistration();
            String issuer =
                    registration.getProviderDetails().getUserInfoEndpoint().getUri();
            Object email = user.getAttributes().get("email");
            // GitHub answers "name": null (not no name) for a user who has not set one: then the login.
            Object name = user.getAttributes().get("name") != null
                    ? user.getAttributes().get("name")
                    : user.getAttributes().get("login");
            try {
                String id = accounts.providerUser(
                                issuer,
                                user.getName(),
                                email == null ? null : email.toString(),
                                name == null ? null : name.toString())
                        .id();
                return new ProviderOAuth2User(user, id);
            } catch (SignUpRefusedException refused) {
                throw new OAuth2AuthenticationException(
                        new OAuth2Error("account_exists", refused.getMessage(), null), refused.getMessage());
            }
        };
    }

    /** The provider's user, mapped to (or created as) a Spendline account. */
    private static OAuth2UserService<OidcUserRequest, OidcUser> providerUsers(AccountService accounts) {
        OidcUserService provider = new OidcUserService();
        return request -> {
            OidcUser user = provider.loadUser(request);
            try {
                String name = user.getFullName() != null ? user.getFullName() : user.getPreferredUsername();
                // An address the provider says it has not verified is not taken: it could block (or be)
                // someone else's. The account is then named by its subject at the issuer's host.
                String email = Boolean.FALSE.equals(user.getEmailVerified()) ? null : user.getEmail();
                String id = accounts.providerUser(user.getIssuer().toString(), user.getSubject(), email, name)
                        .id();
                return new ProviderUser(user, id);
            } catch (SignUpRefusedException refused) {
                throw new OAuth2AuthenticationException(
                        new OAuth2Error("account_exists", refused.getMessage(), null), refused.getMessage());
            }
        };
    }
}
