package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Python sender's own tests ({@code sdks/python/tests}, standard library {@code unittest}: a
 * misbehaving local HTTP server, the price book, the OpenAI and Anthropic helpers) run by the build,
 * so that {@code ./mvnw test} and {@code verify} fail when they fail. Among them, the package's price
 * book must be the server's, byte for byte. Its run against a real standalone is {@link PythonSenderIT}.
 */
class PythonSenderTest {

    @Test
    void thePythonSendersUnitTestsPass() {
        PythonSdk.Result result = PythonSdk.run(
                PythonSdk.PROJECT,
                List.of("-m", "unittest", "discover", "-s", "tests", "-t", "."),
                Map.of(),
                Duration.ofMinutes(3));

        result.assertSucceeded();
        // unittest prints "Ran N tests" and "OK" on standard error; no test may be skipped here.
        assertThat(result.stderr())
                .as(result.describe())
                .containsPattern("Ran \\d+ tests")
                .contains("\nOK");
        assertThat(result.stderr()).as(result.describe()).doesNotContain("skipped");
    }
}
