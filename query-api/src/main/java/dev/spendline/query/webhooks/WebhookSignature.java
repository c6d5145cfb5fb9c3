package dev.spendline.query.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): {@code v1,} and the base64
 * HMAC-SHA256 of {@code "<webhook-id>.<webhook-timestamp>.<body>"}, keyed with the base64-decoded part
 * of the secret after {@code whsec_}. Several secrets (during a rotation) give several signatures,
 * separated by spaces in one {@code webhook-signature} header; a receiver accepts any one that matches.
 */
public final class WebhookSignature {

    /** Every secret starts with it; what follows is the base64 of the key bytes. */
    public static final String SECRET_PREFIX = "whsec_";

    private static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSignature() {}

    /** A new secret: {@code whsec_} and the base64 of 32 random bytes. */
    public static String newSecret() {
        byte[] key = new byte[SECRET_BYTES];
        RANDOM.nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The {@code webhook-signature} header value: one {@code v1,<base64>} per secret, space-separated. */
    public static String header(List<String> secrets, String webhookId, long timestamp, byte[] body) {
        StringBuilder header = new StringBuilder();
        for (String secret : secrets) {
            if (!header.isEmpty()) {
                header.append(' ');
            }
            header.append("v1,").append(sign(secret, webhookId, timestamp, body));
        }
        return header.toString();
    }

    /** The base64 HMAC-SHA256 of {@code id.timestamp.body} with the secret's key. */
    public static String sign(String secret, String webhookId, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(secret), "HmacSHA256"));
            mac.update((webhookId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required on every Java platform", e);
        }
    }

    /**
     * Whether {@code header} holds a {@code v1} signature of this message made with {@code secret}
     * (compared in constant time). Checks no timestamp: a receiver also refuses old ones.
     */
    public static boolean verifies(String secret, String webhookId, long timestamp, byte[] body, String header) {
        byte[] expected = sign(secret, webhookId, timestamp, body).getBytes(StandardCharsets.US_ASCII);
        for (String signature : header.trim().split(" +")) {
            if (signature.startsWith("v1,")
                    && MessageDigest.isEqual(expected, signature.substring(3).getBytes(StandardCharsets.US_ASCII))) {
                return true;
            }
        }
        return false;
    }

    /** The key bytes of a {@code whsec_} secret. */
    static byte[] key(String secret) {
        String encoded = secret.startsWith(SECRET_PREFIX) ? secret.substring(SECRET_PREFIX.length()) : secret;
        return Base64.getDecoder().decode(encoded);
    }
}
