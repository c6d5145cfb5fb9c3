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

    private static final Set<String> SECRET_KEY_NAMES = Set.of(
            "authorization",
            "proxyauthorization",
            "apikey",
            "xapikey",
            "apitoken",
            "accesstoken",
            "refreshtoken",
            "idtoken",
            "token",
            "bearertoken",
            "secret",
            "clientsecret",
            "password",
            "passwd",
            "privatekey",
            "cookie",
            "setcookie",
            "openaiapikey",
            "anthropicapikey",
            "awssecretaccesskey",
            "sessiontoken");

    private static final Pattern SECRET_VALUE = Pattern.compile(
            "(?i)^\\s*(bearer|basic)\\s+\\S{8,}" // an authorization header value
                    + "|(?-i:sk-(ant-|proj-)?[A-Za-z0-9_-]{16,})" // OpenAI / Anthropic style keys
                    + "|(?-i:AKIA[0-9A-Z]{16})" // AWS access key id
                    + "|(?-i:AIza[0-9A-Za-z_-]{35})" // Google API key
                    + "|(?-i:xox[abposr]-[A-Za-z0-9-]{10,})" // Slack tokens
                    + "|(?-i:gh[pousr]_[A-Za-z0-9]{30,})" // GitHub tokens
                    + "|(?-i:spl_[A-Za-z0-9_-]{40,})" // Spendline's own API keys
                    + "|(?-i:eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.)" // a JWT
                    + "|-----BEGIN [A-Z ]*PRIVATE KEY-----");

    private CredentialDetector() {}

    /** True when a metadata key names a credential, e.g. {@code Authorization} or {@code api_key}. */
    public static boolean isSecretKeyName(String key) {
        String normalized = key.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        return SECRET_KEY_NAMES.contains(normalized);
    }

    /** True when a string value has the shape of a credential wherever it appears. */
    public static boolean looksLikeSecret(String value) {
        return SECRET_VALUE.matcher(value).find();
    }
}
