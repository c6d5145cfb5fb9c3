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

    @Test
    void namesWithBidiControlsOrControlCharactersAreRefused() {
        assertThat(RegistrationValues.displayableName("Claude Code")).isTrue();
        assertThat(RegistrationValues.displayableName("Café ☕ 東京 مرحبا 👩‍💻")).isTrue();
        for (int c :
                new int[] {0x202E, 0x202A, 0x2066, 0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x0000, 0x001B, 0x007F}) {
            assertThat(RegistrationValues.displayableName("a" + Character.toString(c) + "b"))
                    .as("U+%04X", c)
                    .isFalse();
        }
    }
}
