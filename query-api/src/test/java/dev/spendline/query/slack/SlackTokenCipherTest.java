package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Bot tokens at rest: AES-GCM under a named key, bound to the team, and keys that rotate. */
class SlackTokenCipherTest {

    private static final String K1 = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String K2 = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String TOKEN = "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy";

    @Test
    void aTokenIsEncryptedUnderTheCurrentKeyAndDecryptsOnlyForItsTeam() {
        SlackTokenCipher cipher = new SlackTokenCipher(Map.of("k1", K1), "k1");
        String stored = cipher.encrypt(TOKEN, "T1");

        assertThat(stored).startsWith("v1:k1:").doesNotContain("pdFZKVeTuE8sk7oOcBrzbqgy");
        assertThat(cipher.encrypt(TOKEN, "T1")).as("a new nonce each time").isNotEqualTo(stored);
        assertThat(cipher.decrypt(stored, "T1")).isEqualTo(TOKEN);
        assertThatThrownBy(() -> cipher.decrypt(stored, "T2")).hasMessageContaining("does not decrypt");
        String altered = stored.substring(0, stored.length() - 4) + "AAA=";
        assertThatThrownBy(() -> cipher.decrypt(altered, "T1")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void afterRotationOldTokensStillDecryptAndNewOnesUseTheNewKey() {
        String old = new SlackTokenCipher(Map.of("k1", K1), "k1").encrypt(TOKEN, "T1");
        SlackTokenCipher rotated = new SlackTokenCipher(Map.of("k1", K1, "k2", K2), "k2");

        assertThat(rotated.decrypt(old, "T1")).isEqualTo(TOKEN);
        assertThat(rotated.encrypt(TOKEN, "T1")).startsWith("v1:k2:");
        SlackTokenCipher withoutOld = new SlackTokenCipher(Map.of("k2", K2), "k2");
        assertThatThrownBy(() -> withoutOld.decrypt(old, "T1"))
                .hasMessageContaining(
                        "was encrypted with key 'k1', which spendline.slack.token-encryption-keys no" + " longer has");
    }

    @Test
    void aKeyThatIsNotBase64OrNotAnAesLengthIsRefusedWithHowToMakeOne() {
        assertThatThrownBy(() -> new SlackTokenCipher(Map.of("k1", "not base64!"), "k1"))
                .hasMessageContaining("is not base64 (make one with: openssl rand -base64 32)");
        assertThatThrownBy(() -> new SlackTokenCipher(Map.of("k1", "c2hvcnQ="), "k1"))
                .hasMessageContaining("must be 16, 24 or 32 bytes, not 5");
        assertThatThrownBy(() -> new SlackTokenCipher(Map.of("k1", K1), "k9"))
                .hasMessageContaining("names no configured key");
    }
}
