package dev.spendline.query.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Redirect schemes and client names a registration may carry. */
class RegistrationValuesTest {

    @Test
    void reverseDomainAndKnownClientSchemesAreAccepted() {
        for (String scheme :
                List.of("com.example.app", "dev.spendline.desktop", "io.github.some-app", "cursor", "VSCode")) {
            assertThat(RegistrationValues.privateUseScheme(scheme)).as(scheme).isTrue();
        }
    }

    @Test
    void schemesTheBrowserOrSystemRunsAreRefused() {
        for (String scheme : List.of(
                "javascript",
                "data",
                "file",
                "about",
                "ms-settings",
                "view-source",
                "search-ms",
                "x-apple.systempreferences",
                "myapp",
                "com",
                "com.-bad",
                "1com.example")) {
            assertThat(RegistrationValues.privateUseScheme(scheme)).as(scheme).isFalse();
        }
    }
}
