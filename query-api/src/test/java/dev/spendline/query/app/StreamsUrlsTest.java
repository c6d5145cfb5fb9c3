package dev.spendline.query.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.internalapi.InstanceCredential;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** {@code spendline.query.streams-url} is a comma-separated list of streams instances. */
class StreamsUrlsTest {

    @Test
    void oneClientPerListedInstance() {
        assertThat(new QueryApiApplication()
                        .queries(
                                "http://streams-1:9082,http://streams-2:9082,http://streams-3:9082",
                                InstanceCredential.generateSecret(),
                                Clock.systemUTC(),
                                "5s")
                        .size())
                .isEqualTo(3);
    }
}
