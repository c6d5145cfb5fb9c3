package dev.spendline.query.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.authorization.OAuth2ClientRegistration;

/** Issue #28 (9): a dynamically registered client's name is printed on the consent page and terminals. */
class ClientRegistrationNamesTest {

    private static OAuth2ClientRegistration named(String name) {
        return OAuth2ClientRegistration.builder()
                .clientName(name)
                .redirectUri("http://127.0.0.1/cb")
                .build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Claude\u001b]0;owned\u0007", "two\r\nlines", "Spendline\u202eLLC", "x\ud800"})
    void refusesNamesWithControlCharactersBidiControlsOrInvalidUnicode(String name) {
        OAuth2AuthenticationException refused = catchThrowableOfType(
                OAuth2AuthenticationException.class, () -> ClientRegistrations.validate(named(name)));
        assertThat(refused).isNotNull();
        assertThat(refused.getError().getErrorCode()).isEqualTo("invalid_client_metadata");
        assertThat(refused.getError().getDescription()).startsWith("client_name must ");
    }

    @Test
    void acceptsPrintableNames() {
        assertThatCode(() -> ClientRegistrations.validate(named("Claude Desktop — 東京 🚀")))
                .doesNotThrowAnyException();
    }
}
