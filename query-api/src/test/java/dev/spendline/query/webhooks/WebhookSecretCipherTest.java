package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WebhookSecretCipherTest {

    static final String KEY_A = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    static final String KEY_B = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=";

    @Test
    void encryptsBoundToTheEndpointAndNeverInPlainText() {
        WebhookSecretCipher cipher = new WebhookSecretCipher(Map.of("a", KEY_A), null);
        String secret = WebhookSignature.newSecret();

        String stored = cipher.encrypt(secret, "whe_1");

        assertThat(stored).startsWith("v1:a:").doesNotContain(secret.substring(6));
        assertThat(cipher.decrypt(stored, "whe_1")).isEqualTo(secret);
        assertThatThrownBy(() -> cipher.decrypt(stored, "whe_2")).hasMessageContaining("does not decrypt");
    }

    @Test
    void oldKeysStillDecryptAfterANewKeyBecomesCurrent() {
        String stored = new WebhookSecretCipher(Map.of("a", KEY_A), "a").encrypt("whsec_x", "whe_1");
        WebhookSecretCipher rotated = new WebhookSecretCipher(Map.of("a", KEY_A, "b", KEY_B), "b");

        assertThat(rotated.decrypt(stored, "whe_1")).isEqualTo("whsec_x");
        assertThat(rotated.encrypt("whsec_x", "whe_1")).startsWith("v1:b:");
        assertThatThrownBy(() -> new WebhookSecretCipher(Map.of("b", KEY_B), "b").decrypt(stored, "whe_1"))
                .hasMessageContaining("no longer has");
    }

    @Test
    void badKeysAreRefusedAtStartWithTheFix() {
        assertThatThrownBy(() -> new WebhookSecretCipher(Map.of("a", "not base64!"), "a"))
                .hasMessageContaining("openssl rand -base64 32");
        assertThatThrownBy(() -> new WebhookSecretCipher(Map.of("a", "AAEC"), "a"))
                .hasMessageContaining("16, 24 or 32 bytes");
        assertThatThrownBy(() -> new WebhookSecretCipher(Map.of("a", KEY_A, "b", KEY_B), null))
                .hasMessageContaining("secret-encryption-key-id");
    }

    @Test
    void withoutKeysSecretsAreKeptPlainButMarkedSo() {
        WebhookSecretCipher cipher = new WebhookSecretCipher(Map.of(), null);
        assertThat(cipher.encrypts()).isFalse();
        assertThat(cipher.encrypt("whsec_x", "whe_1")).isEqualTo("plain:whsec_x");
        assertThat(cipher.decrypt("plain:whsec_x", "whe_1")).isEqualTo("whsec_x");
        // A secret sealed while a key was configured, read after the key was removed: said so.
        String sealed = new WebhookSecretCipher(Map.of("a", KEY_A), null).encrypt("whsec_x", "whe_1");
        assertThatThrownBy(() -> cipher.decrypt(sealed, "whe_1")).hasMessageContaining("has no key");
    }
}
