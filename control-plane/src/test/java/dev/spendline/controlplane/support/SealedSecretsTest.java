package dev.spendline.controlplane.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SealedSecretsTest {

    static final String K1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    static final String K2 = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8=";

    static SealedSecrets sealed(Map<String, String> keys, String current) {
        return new SealedSecrets("x.keys", "x.key-id", keys, current);
    }

    @Test
    void opensWhatItSealedOnlyForTheSameOwnerAndNeverShowsThePlaintext() {
        SealedSecrets s = sealed(Map.of("k1", K1), "k1");
        String stored = s.seal("the secret", "owner-1");

        assertThat(stored).startsWith("v1:k1:").doesNotContain("the secret");
        assertThat(s.seal("the secret", "owner-1")).isNotEqualTo(stored); // a fresh nonce each time
        assertThat(s.open(stored, "owner-1", "it")).isEqualTo("the secret");
        assertThatThrownBy(() -> s.open(stored, "owner-2", "it")).hasMessage("it does not decrypt with key 'k1'");
    }

    @Test
    void anAlteredCiphertextAnUnknownKeyOrAnotherFormatIsRefused() {
        SealedSecrets s = sealed(Map.of("k1", K1), "k1");
        String stored = s.seal("the secret", "o");
        byte[] bytes = Base64.getDecoder().decode(stored.substring(6));
        bytes[bytes.length - 1] ^= 1;
        String altered = "v1:k1:" + Base64.getEncoder().encodeToString(bytes);

        assertThatThrownBy(() -> s.open(altered, "o", "it")).hasMessageContaining("does not decrypt");
        assertThatThrownBy(() -> sealed(Map.of("k2", K2), "k2").open(stored, "o", "it"))
                .hasMessage("it was encrypted with key 'k1', which x.keys no longer has");
        assertThatThrownBy(() -> s.open("plain", "o", "it")).hasMessage("it is not in the v1 format");
    }

    @Test
    void keysRotateByAddingANewCurrentOne() {
        String old = sealed(Map.of("k1", K1), "k1").seal("t", "o");
        SealedSecrets rotated = sealed(Map.of("k1", K1, "k2", K2), "k2");
        assertThat(rotated.open(old, "o", "it")).isEqualTo("t");
        assertThat(rotated.seal("t", "o")).startsWith("v1:k2:");
    }

    @Test
    void badConfigurationIsRefusedNamingThePropertyAndTheFix() {
        assertThatThrownBy(() -> sealed(Map.of("k1", "not base64!"), "k1"))
                .hasMessage("x.keys.k1 is not base64 (make one with: openssl rand -base64 32)");
        assertThatThrownBy(() -> sealed(Map.of("k1", "c2hvcnQ="), "k1"))
                .hasMessage("x.keys.k1 must be 16, 24 or 32 bytes, not 5 (openssl rand -base64 32)");
        assertThatThrownBy(() -> sealed(Map.of("a:b", K1), "a:b")).hasMessage("x.keys: a key id must not contain ':'");
        assertThatThrownBy(() -> sealed(Map.of("k1", K1), "k9")).hasMessage("x.key-id names no configured key");
        assertThatThrownBy(() -> sealed(Map.of("k1", K1), null)).hasMessage("x.key-id names no configured key");
    }
}
