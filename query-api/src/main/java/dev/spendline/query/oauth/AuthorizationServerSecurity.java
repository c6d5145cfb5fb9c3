package dev.spendline.query.oauth;

import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.oauth.FirstPartyClients;
import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthGrantRepository;
import dev.spendline.controlplane.oauth.SigningKeyRepository;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.security.SecurityConfiguration;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.config.annotation.authentication.builders.AuthenticationManagerBuilder;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.oauth2.server.authorization.OAuth2AuthorizationServerConfigurer;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.JdbcOAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationConsentService;
import org.springframework.security.oauth2.server.authorization.OAuth2AuthorizationService;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationCodeRequestAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2AuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2ClientRegistrationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceAuthorizationConsentAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2DeviceVerificationAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.authentication.OAuth2RefreshTokenAuthenticationProvider;
import org.springframework.security.oauth2.server.authorization.client.JdbcRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.token.DelegatingOAuth2TokenGenerator;
import org.springframework.security.oauth2.server.authorization.token.JwtGenerator;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenGenerator;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The OAuth authorization server MCP clients use (Spring Security's), on the public port, in its own
 * chain ({@link SecurityConfiguration.Chains#OAUTH_SERVER}) claiming only its endpoints and its two
 * pages: metadata (RFC 8414 and OpenID discovery), open dynamic registration of public clients
 * (RFC 7591, {@link ClientRegistrations}, {@link RegistrationLimitFilter}), the authorization code grant
 * with PKCE S256 and loopback redirects on any port ({@link AuthorizationRequests}), the consent page
 * where the user picks the workspace ({@link ConsentPage}, {@link WorkspaceConsent}), JWT access tokens
 * for the MCP endpoint ({@link AccessTokens}), rotated refresh tokens with a grace
 * ({@link RefreshTokens}), and the device grant ({@link ConsentPage#activate}). Besides the registered MCP
 * clients there is one first-party client, the local collector ({@link CollectorClient}), whose tokens
 * are for internal usage ingest. Everything is stored in
 * the control-plane database. The user signs in with the dashboard's session (an unauthenticated
 * authorization request is sent to {@code /signin} and comes back); see {@code docs/oauth.md}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OAuthProperties.class)
@Import({ConsentPage.class, McpResourceSecurity.class})
public class AuthorizationServerSecurity {

    private static final Logger log = LoggerFactory.getLogger(AuthorizationServerSecurity.class);

    static final String CONSENT_PAGE = "/oauth2/consent";
    static final String ACTIVATE_PAGE = "/activate";
    static final String REGISTRATION_ENDPOINT = "/oauth2/register";
    static final String DEVICE_AUTHORIZATION_ENDPOINT = "/oauth2/device_authorization";
    static final String DEVICE_VERIFICATION_ENDPOINT = "/oauth2/device_verification";
    static final String AUTHORIZATION_ENDPOINT = "/oauth2/authorize";

    /**
     * The pages' content security policy: the dashboard's, without {@code form-action}, since the
     * consent form's answer redirects to the client (a loopback port or a custom scheme).
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self';"
            + " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

    @Bean
    OAuthUrls oauthUrls(@Value("${spendline.base-url:}") String baseUrl) {
        return new OAuthUrls(baseUrl);
    }

    /** Spring's tables (migration V6); the grant repository's presence means the migration ran. */
    @Bean
    RegisteredClientRepository registeredClientRepository(
            DataSource dataSource, OAuthGrantRepository migrated, OAuthProperties properties, Clock clock) {
        JdbcRegisteredClientRepository clients = new JdbcRegisteredClientRepository(new JdbcTemplate(dataSource));
        CollectorClient.register(clients, properties, clock);
        return clients;
    }

    @Bean
    OAuth2AuthorizationService authorizationService(
            DataSource dataSource, RegisteredClientRepository clients, OAuthGrantRepository migrated) {
        return new JdbcOAuth2AuthorizationService(new JdbcTemplate(dataSource), clients);
    }

    @Bean
    OAuth2AuthorizationConsentService authorizationConsentService(
            DataSource dataSource, RegisteredClientRepository clients, OAuthGrantRepository migrated) {
        return new JdbcOAuth2AuthorizationConsentService(new JdbcTemplate(dataSource), clients);
    }

    @Bean
    JWKSource<SecurityContext> jwkSource(SigningKeyRepository keys) {
        return SigningKeys.load(keys);
    }

    @Bean
    OAuth2TokenGenerator<?> oauthTokenGenerator(
            JWKSource<SecurityContext> jwkSource,
            OAuthUrls urls,
            OAuthGrantRepository grants,
            UserRepository users,
            WorkspaceRepository workspaces,
            Clock clock) {
        JwtGenerator jwts = new JwtGenerator(new NimbusJwtEncoder(jwkSource));
        jwts.setJwtCustomizer(new AccessTokens(urls, grants, users, workspaces));
        jwts.setClock(clock);
        return new DelegatingOAuth2TokenGenerator(jwts, RefreshTokens.generator(clock));
    }

    @Bean
    AuthorizationServerSettings authorizationServerSettings(OAuthUrls urls) {
        AuthorizationServerSettings.Builder settings = AuthorizationServerSettings.builder()
                .authorizationEndpoint(AUTHORIZATION_ENDPOINT)
                .clientRegistrationEndpoint(REGISTRATION_ENDPOINT)
                .deviceAuthorizationEndpoint(DEVICE_AUTHORIZATION_ENDPOINT)
                .deviceVerificationEndpoint(DEVICE_VERIFICATION_ENDPOINT);
        if (urls.configuredIssuer() != null) {
            settings.issuer(urls.configuredIssuer());
        }
        return settings.build();
    }

    @Bean
    @Order(SecurityConfiguration.Chains.OAUTH_SERVER)
    SecurityFilterChain authorizationServerChain(
            HttpSecurity http,
            RegisteredClientRepository clients,
            OAuth2AuthorizationService authorizations,
            OAuth2AuthorizationConsentService consents,
            AuthorizationServerSettings settings,
            OAuth2TokenGenerator<?> tokenGenerator,
            JwtDecoder jwtDecoder,
            MembershipRepository memberships,
            OAuthGrantRepository grants,
            OAuthAccessTokens accessTokens,
            OAuthProperties properties,
            OAuthUrls urls,
            Clock clock)
            throws Exception {
        WorkspaceConsent workspaceConsent = new WorkspaceConsent(memberships, grants, authorizations);
        ClientRegistrations registrations = new ClientRegistrations(properties, clock);
        // Only the authorization server's own providers: the application's AuthenticationManager bean
        // (API keys) must not be their parent, or every refused request would end as a refused API key.
        http.getSharedObject(AuthenticationManagerBuilder.class).parentAuthenticationManager(null);
        AtomicReference<RequestMatcher> endpoints = new AtomicReference<>();
        http.oauth2AuthorizationServer(server -> {
            endpoints.set(server.getEndpointsMatcher());
            configure(server, clients, authorizations, consents, settings, tokenGenerator);
            server.clientAuthentication(client -> client.authenticationConverter(PublicClients.converter(
                                    DEVICE_AUTHORIZATION_ENDPOINT, settings.getTokenRevocationEndpoint()))
                            .authenticationProvider(PublicClients.provider(clients)))
                    .clientRegistrationEndpoint(registration -> registration
                            .openRegistrationAllowed(true)
                            .errorResponseHandler(new RegistrationErrors())
                            .authenticationProviders(providers -> providers.forEach(provider -> {
                                if (provider instanceof OAuth2ClientRegistrationAuthenticationProvider dcr) {
                                    dcr.setAuthenticationValidator(registrations);
                                    dcr.setRegisteredClientConverter(registrations);
                                }
                            })))
                    .authorizationEndpoint(authorization -> authorization
                            .consentPage(CONSENT_PAGE)
                            .authorizationRequestConverters(
                                    converters -> converters.replaceAll(CollectorScopes::defaulting))
                            .authenticationProviders(providers -> customizeAuthorization(
                                    providers, workspaceConsent, new AuthorizationRequests(urls))))
                    .tokenEndpoint(token -> token.authenticationProviders(providers -> providers.replaceAll(
                            provider -> provider instanceof OAuth2RefreshTokenAuthenticationProvider
                                    ? RefreshTokens.withGrace(
                                            provider,
                                            authorizations,
                                            grants,
                                            accessTokens,
                                            properties.refreshGrace(),
                                            clock)
                                    : provider)))
                    .tokenRevocationEndpoint(revocation -> revocation.authenticationProviders(providers ->
                            providers.replaceAll(provider -> RevokedGrants.deleting(provider, authorizations, grants))))
                    .deviceAuthorizationEndpoint(device -> device.verificationUri(ACTIVATE_PAGE)
                            .authenticationProviders(
                                    providers -> providers.replaceAll(provider -> CollectorScopes.defaulting(
                                            DeviceAuthorizationRequests.checkingResource(provider, urls)))))
                    .deviceVerificationEndpoint(verification -> verification
                            .consentPage(CONSENT_PAGE)
                            .authenticationProviders(providers -> customizeDevice(providers, workspaceConsent))
                            .deviceVerificationResponseHandler((request, response, authentication) ->
                                    response.sendRedirect(request.getContextPath() + ACTIVATE_PAGE + "?success"))
                            .errorResponseHandler((request, response, e) -> {
                                log.debug("Device verification refused: {}", e.getMessage());
                                response.sendRedirect(request.getContextPath() + ACTIVATE_PAGE + "?error");
                            }))
                    .authorizationServerMetadataEndpoint(metadata -> metadata.authorizationServerMetadataCustomizer(
                            builder -> builder.codeChallengeMethods(methods -> {
                                        methods.clear();
                                        methods.add("S256");
                                    })
                                    .tokenEndpointAuthenticationMethods(
                                            methods -> methods.add(0, ClientAuthenticationMethod.NONE.getValue()))
                                    .scopes(scopes -> {
                                        scopes.add(ClientRegistrations.SCOPE);
                                        scopes.add(FirstPartyClients.USAGE_WRITE_SCOPE);
                                    })))
                    .oidc(oidc ->
                            oidc.providerConfigurationEndpoint(discovery -> discovery.providerConfigurationCustomizer(
                                    builder -> builder.clientRegistrationEndpoint(urls.issuer() + REGISTRATION_ENDPOINT)
                                            .codeChallengeMethods(methods -> {
                                                methods.clear();
                                                methods.add("S256");
                                            })
                                            .tokenEndpointAuthenticationMethods(methods ->
                                                    methods.add(0, ClientAuthenticationMethod.NONE.getValue()))
                                            .scopes(scopes -> {
                                                scopes.add(ClientRegistrations.SCOPE);
                                                scopes.add(FirstPartyClients.USAGE_WRITE_SCOPE);
                                            }))));
        });
        RequestMatcher pages = new OrRequestMatcher(
                PathPatternRequestMatcher.pathPattern(CONSENT_PAGE),
                PathPatternRequestMatcher.pathPattern(ACTIVATE_PAGE));
        RequestMatcher signInFirst = new OrRequestMatcher(
                pages,
                PathPatternRequestMatcher.pathPattern(AUTHORIZATION_ENDPOINT),
                PathPatternRequestMatcher.pathPattern(DEVICE_VERIFICATION_ENDPOINT));
        http.securityMatcher(new OrRequestMatcher(request -> endpoints.get().matches(request), pages))
                .authorizeHttpRequests(authorize -> authorize
                        .requestMatchers(HttpMethod.POST, REGISTRATION_ENDPOINT)
                        .permitAll()
                        .anyRequest()
                        .authenticated())
                .oauth2ResourceServer(resource -> resource.jwt(jwt -> jwt.decoder(jwtDecoder)))
                .exceptionHandling(errors -> errors.defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint("/signin"), signInFirst))
                .headers(headers -> headers.contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY)))
                .addFilterAfter(new SignedInUser(), SecurityContextHolderFilter.class)
                .addFilterAfter(
                        new RegistrationLimitFilter(REGISTRATION_ENDPOINT, properties, grants, clock),
                        SecurityContextHolderFilter.class);
        return http.build();
    }

    private static void configure(
            OAuth2AuthorizationServerConfigurer server,
            RegisteredClientRepository clients,
            OAuth2AuthorizationService authorizations,
            OAuth2AuthorizationConsentService consents,
            AuthorizationServerSettings settings,
            OAuth2TokenGenerator<?> tokenGenerator) {
        server.registeredClientRepository(clients)
                .authorizationService(authorizations)
                .authorizationConsentService(consents)
                .authorizationServerSettings(settings)
                .tokenGenerator(tokenGenerator);
    }

    /**
     * The consent page is shown for every authorization — it is where the workspace is chosen — and a
     * consent is recorded as a grant of that workspace.
     */
    private static void customizeAuthorization(
            List<AuthenticationProvider> providers, WorkspaceConsent consent, AuthorizationRequests requests) {
        providers.replaceAll(provider -> {
            if (provider instanceof OAuth2AuthorizationCodeRequestAuthenticationProvider codeRequests) {
                codeRequests.setAuthenticationValidator(requests);
                codeRequests.setAuthorizationConsentRequired(context -> true);
            }
            if (provider instanceof OAuth2AuthorizationConsentAuthenticationProvider consents) {
                consents.setAuthorizationConsentCustomizer(consent);
                return consent.recording(consents);
            }
            return provider;
        });
    }

    private static void customizeDevice(List<AuthenticationProvider> providers, WorkspaceConsent consent) {
        providers.replaceAll(provider -> {
            if (provider instanceof OAuth2DeviceVerificationAuthenticationProvider verification) {
                verification.setAuthorizationConsentRequired(context -> true);
            }
            if (provider instanceof OAuth2DeviceAuthorizationConsentAuthenticationProvider consents) {
                consents.setAuthorizationConsentCustomizer(consent);
                return consent.recording(consents);
            }
            return provider;
        });
    }
}
