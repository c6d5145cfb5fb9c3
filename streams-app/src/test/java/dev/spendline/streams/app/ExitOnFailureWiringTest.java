package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.topics.provision.TopicLayout;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The exit on failure is wired only where {@code spendline.streams.exit-on-failure=true}. */
class ExitOnFailureWiringTest {

    @TempDir
    Path dir;

    private ApplicationContextRunner contexts() {
        return new ApplicationContextRunner()
                .withUserConfiguration(StreamsConfiguration.class)
                .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                // No cluster here: the topic layout a single broker would get, without asking one.
                .withBean(TopicLayout.class, () -> TopicLayout.forCluster(1, 4, null))
                .withPropertyValues(
                        "server.port=18082",
                        "management.server.port=19082",
                        "spendline.kafka.bootstrap-servers=127.0.0.1:1",
                        "spendline.internal.secret=" + dev.spendline.internalapi.InstanceCredential.generateSecret(),
                        "spendline.streams.state-dir=" + dir);
    }

    @Test
    void registersTheExitWhenAsked() {
        contexts()
                .withPropertyValues(StreamsConfiguration.EXIT_ON_FAILURE + "=true")
                .run(context -> {
                    assertThat(context).hasSingleBean(ExitOnStreamsFailure.class);
                });
    }

    @Test
    void onlyReportsDownByDefault() {
        contexts().run(context -> assertThat(context).doesNotHaveBean(ExitOnStreamsFailure.class));
    }
}
