package dev.spendline.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.internalapi.InstanceCredential;
import java.time.Clock;
import org.junit.jupiter.api.Test;

/** {@code spendline.gateway.streams-url} is a comma-separated list of streams instances. */
class StreamsUrlsTest {

    private final String secret = InstanceCredential.generateSecret();

    @Test
    void oneClientPerListedInstance() {
        assertThat(new GatewayApplication()
                        .quotaQueries("http://streams-1:9082, http://streams-2:9082", secret, Clock.systemUTC(), "5s")
                        .size())
                .isEqualTo(2);
        assertThat(new GatewayApplication()
                        .quotaQueries("http://streams-app:9082", secret, Clock.systemUTC(), "5s")
                        .size())
                .isEqualTo(1);
    }

    @Test
    void refusesAnEntryThatIsNoUrl() {
        assertThatThrownBy(() -> new GatewayApplication()
                        .quotaQueries("http://streams-1:9082,streams-2", secret, Clock.systemUTC(), "5s"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("streams-2");
    }
}
