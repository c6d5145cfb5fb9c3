package dev.spendline.standalone.browser;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** When a missing browser skips the browser tests and when it fails them ({@code SPENDLINE_REQUIRE_BROWSER}). */
class BrowserRequirementTest {

    private static final List<Path> ABSENT = List.of(Path.of("/nonexistent/chromium"), Path.of("/bin/sh"));

    @Test
    void skipsWhenTheBrowserIsMissingAndNotRequired() {
        assertThatThrownBy(() -> Browser.requireOrSkip(ABSENT, null))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("missing [/nonexistent/chromium]");
        assertThatThrownBy(() -> Browser.requireOrSkip(ABSENT, "0")).isInstanceOf(TestAbortedException.class);
    }

    @Test
    void failsWhenTheBrowserIsMissingAndRequired() {
        assertThatThrownBy(() -> Browser.requireOrSkip(ABSENT, "1"))
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessageContaining("missing [/nonexistent/chromium]")
                .hasMessageContaining("SPENDLINE_REQUIRE_BROWSER=1");
    }

    @Test
    void passesWhenEveryBinaryIsExecutable() {
        assertThatCode(() -> Browser.requireOrSkip(List.of(Path.of("/bin/sh")), "1"))
                .doesNotThrowAnyException();
    }
}
