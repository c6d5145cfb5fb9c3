package dev.spendline.contracts.validation;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Recognises metadata that looks like a credential, so that it is rejected rather than stored.
 * A false positive costs the sender one renamed key; a false negative leaks a secret into Kafka,
 * RocksDB and backups, so the rules lean towards rejecting.
 */
public final class CredentialDetector {

    /** Key names that are credentials whatever their value (compared without case and punctuation). */
    private static final Set<String> SECRET_KEY_NAMES =
            Set.of("authorization", "proxyauthorization", "cookie", "setcookie", "bearer");

    /** Words that make any key name a credential: {@code db_password}, {@code api_secret}, … */
    private static final Set<String> SECRET_WORDS = Set.of("password", "passwd", "secret", "credential", "credentials");

    /** Adjacent word pairs that do: {@code apiKey}, {@code x-api-key}, {@code private_key}. */
    private static final Set<String> SECRET_WORD_PAIRS = Set.of("apikey", "privatekey", "accesskey", "secretkey");

    /**
     * Shapes of credentials wherever they appear in a value. Provider keys must start at a word
     * boundary and contain a digit, so words like "task-queue-processing" are not mistaken for
     * {@code sk-} keys; authorization values must look encoded, so "Basic subscription" is fine.
     */
    private static final Pattern SECRET_VALUE = Pattern.compile(String.join(
            "|",
            // An authorization header value: a bearer token, or Basic with base64 credentials.
            "(?i:^\\s*bearer\\s+\\S{8,}\\s*$)",
            "(?i:^\\s*basic\\s+)(?=[a-z+/]*[A-Z0-9=])[A-Za-z0-9+/]{8,}={0,2}\\s*$",
            // OpenAI / Anthropic keys; a bare sk- needs a digit so "sk-learn-pipeline" is fine.
            "(?<![A-Za-z0-9])sk-(ant|proj|svcacct|admin)-[A-Za-z0-9_-]{16,}",
            "(?<![A-Za-z0-9])sk-(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{16,}",
            "(?<![A-Za-z0-9])AKIA[0-9A-Z]{16}", // AWS access key id
            "(?<![A-Za-z0-9])AIza[0-9A-Za-z_-]{35}", // Google API key
            "(?<![A-Za-z0-9])xox[abposr]-[A-Za-z0-9-]{10,}", // Slack tokens
            "(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}", // GitHub tokens
            "(?<![A-Za-z0-9])spl_[A-Za-z0-9_-]{40,}", // Spendline's own API keys
            "eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.", // a JWT
            "-----BEGIN [A-Z ]*PRIVATE KEY-----"));

    private CredentialDetector() {}

    /**
     * True when a metadata key names a credential: {@code Authorization}, {@code api_key},
     * {@code db_password}, {@code github_token}… Names ending in "tokens" (token counts) are fine.
     */
    public static boolean isSecretKeyName(String key) {
        if (SECRET_KEY_NAMES.contains(key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", ""))) {
            return true;
        }
        // Whole words only, so "secretary" or "token_count" are not mistaken for credentials.
        String[] words = key.replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+");
        for (int i = 0; i < words.length; i++) {
            if (SECRET_WORDS.contains(words[i]) || (i > 0 && SECRET_WORD_PAIRS.contains(words[i - 1] + words[i]))) {
                return true;
            }
        }
        return words.length > 0 && words[words.length - 1].equals("token");
    }

    /** True when a string value has the shape of a credential wherever it appears. */
    public static boolean looksLikeSecret(String value) {
        return SECRET_VALUE.matcher(value).find();
    }
}
