package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** When missing clients skip the real-client tests and when they fail them ({@code SPENDLINE_REQUIRE_NODE_CLIENTS}). */
class NodeClientsRequirementTest {

    private static final List<Path> ABSENT =
            List.of(Path.of("/nonexistent/node_modules/.bin/claude"), Path.of("/bin/sh"));

    @Test
    void skipsWhenAClientIsMissingAndNotRequired() {
        assertThatThrownBy(() -> NodeClients.requireOrSkip(ABSENT, null))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("missing [/nonexistent/node_modules/.bin/claude]")
                .hasMessageContaining("npm ci");
        assertThatThrownBy(() -> NodeClients.requireOrSkip(ABSENT, "0")).isInstanceOf(TestAbortedException.class);
    }

    @Test
    void failsWhenAClientIsMissingAndRequired() {
        assertThatThrownBy(() -> NodeClients.requireOrSkip(ABSENT, "1"))
                .isExactlyInstanceOf(AssertionError.class)
                .hasMessageContaining("missing [/nonexistent/node_modules/.bin/claude]")
                .hasMessageContaining("SPENDLINE_REQUIRE_NODE_CLIENTS=1");
    }

    @Test
    void passesWhenEveryBinaryIsExecutable() {
        assertThatCode(() -> NodeClients.requireOrSkip(List.of(Path.of("/bin/sh")), "1"))
                .doesNotThrowAnyException();
    }
}
