package dev.spendline.internalapi;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The credential one Spendline instance shows another on the internal port: an HMAC-SHA256, keyed
 * with the secret every instance of a deployment shares ({@code spendline.internal.secret}), over
 * the time, the path and a hash of the body. The body carries the workspace, so a signature is
 * good for one query of one workspace, for {@link #MAX_SKEW} either side of its time; whoever
 * lacks the secret can neither make one nor move one to another workspace or another read.
 *
 * <p>Written by hand on the JDK's {@link Mac} because the need is this small: mutual TLS would need
 * a certificate authority per deployment, and a bearer token would be readable and replayable for
 * any workspace once seen.
 */
public final class InstanceCredential {

    /** The request header that carries the credential. */
    public static final String HEADER = "Spendline-Instance";
    /** How far the signer's clock may be from the verifier's. */
    public static final Duration MAX_SKEW = Duration.ofSeconds(60);
    /** The property every instance reads its secret from. */
    public static final String SECRET_PROPERTY = "spendline.internal.secret";

    static final int MIN_SECRET_LENGTH = 32;
    private static final String ALGORITHM = "HmacSHA256";
    private static final Pattern FORMAT = Pattern.compile("v1 t=(\\d{1,12}) sig=([A-Za-z0-9_-]{43})");
    private static final Base64.Encoder BASE64URL = Base64.getUrlEncoder().withoutPadding();

    /** Why a presented credential is not accepted; {@link #VALID} when it is. */
    public enum Verdict {
        VALID,
        MISSING,
        MALFORMED,
        EXPIRED,
        WRONG_SIGNATURE
    }

    private final SecretKeySpec key;

    private InstanceCredential(String secret) {
        this.key = new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM);
    }

    /**
     * The credential of a configured secret.
     *
     * @throws IllegalStateException when the secret is missing or too short, with what to do
     */
    public static InstanceCredential of(String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalStateException(SECRET_PROPERTY
                    + " is not set. Spendline instances authenticate each other with this shared secret:"
                    + " set the same random value (at least " + MIN_SECRET_LENGTH
                    + " characters, e.g. `openssl rand -base64 32`) on every gateway, streams-app and"
                    + " query-api instance of the deployment.");
        }
        if (secret.length() < MIN_SECRET_LENGTH) {
            throw new IllegalStateException(SECRET_PROPERTY + " is too short: use at least " + MIN_SECRET_LENGTH
                    + " random characters (e.g. `openssl rand -base64 32`).");
        }
        return new InstanceCredential(secret);
    }

    /** A new random secret: 32 bytes, base64url (43 characters). */
    public static String generateSecret() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return BASE64URL.encodeToString(bytes);
    }

    /** The header value for a request to {@code path} with {@code body}, made at {@code now}. */
    public String sign(String path, byte[] body, Instant now) {
        long t = now.getEpochSecond();
        return "v1 t=" + t + " sig=" + signature(t, path, body);
    }

    /** Checks a presented header value against the request it came with, at {@code now}. */
    public Verdict verify(String header, String path, byte[] body, Instant now) {
        if (header == null || header.isBlank()) {
            return Verdict.MISSING;
        }
        Matcher m = FORMAT.matcher(header.trim());
        if (!m.matches()) {
            return Verdict.MALFORMED;
        }
        long t = Long.parseLong(m.group(1));
        if (Math.abs(now.getEpochSecond() - t) > MAX_SKEW.toSeconds()) {
            return Verdict.EXPIRED;
        }
        byte[] expected = signature(t, path, body).getBytes(StandardCharsets.US_ASCII);
        byte[] presented = m.group(2).getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(expected, presented) ? Verdict.VALID : Verdict.WRONG_SIGNATURE;
    }

    private String signature(long t, String path, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(("v1\n" + t + "\n" + path + "\n").getBytes(StandardCharsets.UTF_8));
            mac.update(MessageDigest.getInstance("SHA-256").digest(body));
            return BASE64URL.encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 and SHA-256 are part of every JDK", e);
        }
    }
}
