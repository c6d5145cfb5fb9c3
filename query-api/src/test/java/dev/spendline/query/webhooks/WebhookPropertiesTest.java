package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The defaults of docs/webhooks.md, and the environment variables of docs/operations.md. */
class WebhookPropertiesTest {

    static final String KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

    @Configuration(proxyBeanMethods = false)
    @EnableConfigurationProperties(WebhookProperties.class)
    static class Properties {}

    static WebhookProperties bind(Map<String, Object> environment) {
        WebhookProperties[] bound = new WebhookProperties[1];
        new ApplicationContextRunner()
                .withInitializer(context -> context.getEnvironment()
                        .getPropertySources()
                        .addFirst(new SystemEnvironmentPropertySource(
                                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, environment)))
                .withUserConfiguration(Properties.class)
                .run(context -> bound[0] = context.getBean(WebhookProperties.class));
        return bound[0];
    }

    @Test
    void theDefaultsAreTheDocumentedOnes() {
        WebhookProperties p = bind(Map.of());
        assertThat(p.allowLoopback()).isFalse();
        assertThat(p.allowPrivateNetworks()).isFalse();
        assertThat(p.secretEncryptionKeys()).isEmpty();
        WebhookProperties.Delivery d = p.delivery();
        assertThat(d.enabled()).isTrue();
        assertThat(d.consumerGroup()).isEqualTo("spendline-webhooks");
        assertThat(d.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(d.requestTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(d.initialBackoff()).isEqualTo(Duration.ofSeconds(5));
        assertThat(d.maxBackoff()).isEqualTo(Duration.ofHours(1));
        assertThat(d.retryWindow()).isEqualTo(Duration.ofHours(24));
        assertThat(d.disableAfter()).isEqualTo(Duration.ofHours(24));
        assertThat(d.queueCapacity()).isEqualTo(1000);
    }

    @Test
    void anEmptyKeyAsComposePassesAnUnsetVariableIsNoKey() {
        WebhookProperties p = bind(Map.of(
                "SPENDLINE_WEBHOOKS_SECRETENCRYPTIONKEYS_K1", "", "SPENDLINE_WEBHOOKS_SECRETENCRYPTIONKEYID", ""));
        assertThat(p.secretEncryptionKeys()).isEmpty();
        assertThat(new WebhookSecretCipher(p.secretEncryptionKeys(), p.secretEncryptionKeyId()).encrypts())
                .isFalse();
    }

    @Test
    void theOperationsEnvironmentVariablesBind() {
        WebhookProperties p = bind(Map.of(
                "SPENDLINE_WEBHOOKS_SECRETENCRYPTIONKEYS_K1", KEY,
                "SPENDLINE_WEBHOOKS_SECRETENCRYPTIONKEYID", "k1",
                "SPENDLINE_WEBHOOKS_ALLOWLOOPBACK", "true",
                "SPENDLINE_WEBHOOKS_ALLOWPRIVATENETWORKS", "true",
                "SPENDLINE_WEBHOOKS_DELIVERY_ENABLED", "false",
                "SPENDLINE_WEBHOOKS_DELIVERY_REQUESTTIMEOUT", "3s",
                "SPENDLINE_WEBHOOKS_DELIVERY_DISABLEAFTER", "12h"));
        assertThat(p.secretEncryptionKeys()).containsExactly(Map.entry("k1", KEY));
        assertThat(p.secretEncryptionKeyId()).isEqualTo("k1");
        assertThat(p.allowLoopback()).isTrue();
        assertThat(p.allowPrivateNetworks()).isTrue();
        assertThat(p.delivery().enabled()).isFalse();
        assertThat(p.delivery().requestTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(p.delivery().disableAfter()).isEqualTo(Duration.ofHours(12));
        assertThat(new WebhookSecretCipher(p.secretEncryptionKeys(), p.secretEncryptionKeyId()).encrypts())
                .isTrue();
    }
}
