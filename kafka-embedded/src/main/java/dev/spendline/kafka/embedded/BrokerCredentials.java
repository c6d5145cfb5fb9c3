package dev.spendline.kafka.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;

/**
 * The one user of an embedded broker that requires credentials: its listeners (the clients' and
 * the controller's) take SASL PLAIN with this user only, and every client of Spendline presents it.
 *
 * <p>PLAIN rather than SCRAM: the broker checks PLAIN against a user list in its own JAAS
 * configuration, so the credentials work from the first start of a fresh log directory and on one
 * formatted by an earlier version without them; SCRAM credentials live in the cluster metadata
 * and would have to be written by the formatter (fresh directories only) or by an admin client that
 * is already authenticated. PLAIN sends the password as it is, which is acceptable here because
 * both listeners are bound to 127.0.0.1: loopback traffic is not visible to other users.
 *
 * @param password never logged; {@link #toString()} hides it
 */
public record BrokerCredentials(String username, String password) {

    public static final String MECHANISM = "PLAIN";

    /** The user the standalone's broker accepts. */
    public static final String STANDALONE_USER = "spendline";
    /** Where, in a standalone's data directory, its broker's password is kept (0600). */
    public static final String STANDALONE_PASSWORD_FILE = "kafka-password";

    public BrokerCredentials {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        if (!username.matches("[A-Za-z0-9_-]+") || !password.matches("[A-Za-z0-9_-]+")) {
            // They are written into a JAAS line between quotes: keep them to characters that need no escaping.
            throw new IllegalArgumentException("Broker user name and password: letters, digits, '-' and '_' only");
        }
    }

    /**
     * The credentials of the standalone running on {@code dataDir}, for tools that connect to its
     * broker (benchmarks, tests); whoever can read the data directory can use them.
     */
    public static BrokerCredentials ofStandalone(Path dataDir) {
        Path file = dataDir.resolve(STANDALONE_PASSWORD_FILE);
        try {
            return new BrokerCredentials(
                    STANDALONE_USER,
                    Files.readString(file, StandardCharsets.US_ASCII).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the broker password in " + file + " (start Spendline once)", e);
        }
    }

    /** A random password (256 bits) for the given user: for tests. */
    public static BrokerCredentials generate(String username) {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return new BrokerCredentials(
                username, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** The Kafka client properties that log in with these credentials. */
    public Map<String, String> clientProperties() {
        return Map.of(
                "security.protocol", "SASL_PLAINTEXT", "sasl.mechanism", MECHANISM, "sasl.jaas.config", clientJaas());
    }

    String clientJaas() {
        return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + username
                + "\" password=\"" + password + "\";";
    }

    /** The broker side: the user it accepts, and how it logs in to its own controller listener. */
    String serverJaas() {
        return "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"" + username
                + "\" password=\"" + password + "\" user_" + username + "=\"" + password + "\";";
    }

    @Override
    public String toString() {
        return "BrokerCredentials[username=" + username + ", password=***]";
    }
}
