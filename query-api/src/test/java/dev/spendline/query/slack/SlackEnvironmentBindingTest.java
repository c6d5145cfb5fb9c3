package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The Slack settings bind from the environment variables the README exports, exactly as named
 * there: the names are read from the README itself and bound through Spring Boot's relaxed binding
 * from an environment-variable source (which, for a map such as the encryption keys, only finds
 * {@code SPENDLINE_SLACK_TOKENENCRYPTIONKEYS_<ID>}: the dashes of a map's name are dropped, not
 * turned into underscores).
 */
class SlackEnvironmentBindingTest {

    private static final String KEY = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(SlackProperties.class)
    static class Properties {}

    @Test
    void theReadmesExportsConfigureTheApp() throws IOException {
        Map<String, Object> environment = new LinkedHashMap<>();
        Matcher export =
                Pattern.compile("export (SPENDLINE_SLACK_\\w+)=").matcher(Files.readString(Path.of("../README.md")));
        while (export.find()) {
            String name = export.group(1);
            environment.put(
                    name, name.endsWith("_ID") && name.contains("KEY") ? "k1" : name.contains("KEYS") ? KEY : "x");
        }
        assertThat(environment).hasSize(5);

        SlackProperties slack = bind(environment);

        assertThat(slack.configured()).isTrue();
        assertThat(slack.tokenEncryptionKeyId()).isEqualTo("k1");
        assertThat(slack.tokenEncryptionKeys()).containsExactly(Map.entry("k1", KEY));
    }

    @Test
    void theKeysWithUnderscoresForDashesDoNotBindAndTheStartUpSaysWhichNameToUse() {
        Map<String, Object> environment = Map.of(
                "SPENDLINE_SLACK_CLIENT_ID", "1.2",
                "SPENDLINE_SLACK_CLIENT_SECRET", "s",
                "SPENDLINE_SLACK_SIGNING_SECRET", "s",
                "SPENDLINE_SLACK_TOKEN_ENCRYPTION_KEYS_K1", KEY,
                "SPENDLINE_SLACK_TOKEN_ENCRYPTION_KEY_ID", "k1");

        new ApplicationContextRunner()
                .withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)))
                .withUserConfiguration(Properties.class)
                .run(context -> assertThat(context)
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("token-encryption-keys.<id> (as an environment variable"
                                + " SPENDLINE_SLACK_TOKENENCRYPTIONKEYS_<ID>)"));
    }

    private static SlackProperties bind(Map<String, Object> environment) {
        SlackProperties[] bound = new SlackProperties[1];
        new ApplicationContextRunner()
                .withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)))
                .withUserConfiguration(Properties.class)
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    bound[0] = context.getBean(SlackProperties.class);
                });
        return bound[0];
    }
}
