package dev.spendline.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class CredentialDetectorTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Bearer abc.def.ghi123",
                "  bearer ABCDEFGH12345",
                "BASIC dXNlcjpwYXNzd29yZA==",
                "sk-A1b2C3d4E5f6G7h8I9j0",
                "sk-proj-abcdefghijklmnopqrstuvwx",
                "sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345",
                "AKIAIOSFODNN7EXAMPLE",
                "AIzaSyA1234567890abcdefghijklmnopqrstuv",
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x",
                "xoxb-123456789012-abcdefghij",
                "xoxp-1234567890-abc",
                "ghp_aaaaaaaaaaaaaaaaaaBBBBBBBBBBBBBBBBBB",
                "gho_0123456789012345678901234567890123",
                "spl_kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk",
                "-----BEGIN RSA PRIVATE KEY-----",
                "-----BEGIN OPENSSH PRIVATE KEY-----",
                "-----BEGIN PRIVATE KEY-----",
                "the key sk-A1b2C3d4E5f6G7h8I9j0 was rotated"
            })
    void flagsCredentialShapedValues(String value) {
        assertThat(CredentialDetector.looksLikeSecret(value)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "skip",
                "sk-short",
                "sk-123456789012345", // 15 characters after sk-: too short for a key
                "SK-A1b2C3d4E5f6G7h8I9j0", // keys are case-sensitive
                "Bearer",
                "Bearer short",
                "bearer token",
                "task-123",
                "basic plan",
                "AKIA-not-a-key",
                "akiaiosfodnn7example",
                "3f2b9c1e-8d4a-4b6f-9e2a-7c1d5e8f0a3b",
                "The summarizer answered the customer in under two seconds.",
                "eyJhbGciOiJIUzI1NiJ9", // a JWT header alone is not a token
                "ghp_short",
                "xoxb-",
                "-----BEGIN CERTIFICATE-----",
                "-----BEGIN PUBLIC KEY-----",
                "",
                "gpt-4o-mini-2024-07-18"
            })
    void doesNotFlagOrdinaryValues(String value) {
        assertThat(CredentialDetector.looksLikeSecret(value)).isFalse();
    }

    @Test
    void doesNotFlagSlugsThatMerelyContainSkDash() {
        assertThat(CredentialDetector.looksLikeSecret("task-queue-processing-worker"))
                .isFalse();
        assertThat(CredentialDetector.looksLikeSecret("risk-assessment-pipeline-v2"))
                .isFalse();
        assertThat(CredentialDetector.looksLikeSecret("desk-booking-service-eu-west"))
                .isFalse();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Authorization",
                "AUTHORIZATION",
                "Proxy-Authorization",
                "api_key",
                "apiKey",
                "X-API-Key",
                "api-token",
                "access_token",
                "refreshToken",
                "id_token",
                "token",
                "Bearer-Token",
                "secret",
                "client_secret",
                "password",
                "passwd",
                "private_key",
                "cookie",
                "Set-Cookie",
                "OPENAI_API_KEY",
                "anthropic_api_key",
                "aws_secret_access_key",
                "session-token"
            })
    void flagsCredentialKeyNames(String key) {
        assertThat(CredentialDetector.isSecretKeyName(key)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "tokens",
                "promptTokens",
                "max_tokens",
                "token_count",
                "author",
                "region",
                "key",
                "keyword",
                "passage",
                "secretary",
                "session_id",
                "cookie_consent"
            })
    void doesNotFlagOrdinaryKeyNames(String key) {
        assertThat(CredentialDetector.isSecretKeyName(key)).isFalse();
    }

    @Test
    void flagsCommonVariantsOfCredentialKeyNames() {
        for (String key : new String[] {"auth_token", "secret_key", "api_secret", "db_password", "github_token"}) {
            assertThat(CredentialDetector.isSecretKeyName(key)).as(key).isTrue();
        }
    }

    @ParameterizedTest
    @CsvSource({"a/b, a~1b", "m~n, m~0n", "~/, ~0~1", "plain, plain", "~1, ~01"})
    void escapesJsonPointerTokens(String key, String escaped) {
        assertThat(FieldError.escape(key)).isEqualTo(escaped);
    }
}
