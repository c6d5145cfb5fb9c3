package dev.spendline.controlplane.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class ApiKeySecretsTest {

    @Test
    void generatedSecretsAreSplPrefixedBase64UrlWithoutPadding() {
        String secret = ApiKeySecrets.generate();

        assertThat(secret).matches("spl_[A-Za-z0-9_-]{43}").doesNotStartWith("sk-");
        assertThat(ApiKeySecrets.looksLikeKey(secret)).isTrue();
    }

    @Test
    void generatedSecretsDoNotRepeat() {
        Set<String> secrets = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            secrets.add(ApiKeySecrets.generate());
        }

        assertThat(secrets).hasSize(1_000);
    }

    @Test
    void hashIsLowercaseHexSha256OfUtf8Bytes() {
        assertThat(ApiKeySecrets.hash("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        // UTF-8 (C3 A9), not ISO-8859-1 (E9), so the hash is the same on every platform default charset.
        assertThat(ApiKeySecrets.hash("\u00e9"))
                .isEqualTo("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
    }

    @Test
    void prefixIsTheFirstTwelveCharacters() {
        String secret = "spl_ABCDEFGHijklmnopqrstuvwxyz0123456789-_abcdefgh";

        assertThat(ApiKeySecrets.prefix(secret)).isEqualTo("spl_ABCDEFGH");
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "   ",
                "sk-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "spx_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
                "spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa+",
                "spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=",
                "spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ",
                "Bearer spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
            })
    void malformedValuesDoNotLookLikeKeys(String value) {
        assertThat(ApiKeySecrets.looksLikeKey(value)).isFalse();
    }

    @Test
    void wellFormedValueLooksLikeKey() {
        assertThat(ApiKeySecrets.looksLikeKey("spl_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-_"))
                .isTrue();
    }
}
