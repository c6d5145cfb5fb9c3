package dev.spendline.standalone;

import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.kafka.embedded.BrokerCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Secrets a local installation generates once and keeps in its data directory, readable by its
 * owner only: the instance credential's secret, the control-plane database's password and the
 * embedded Kafka broker's password. Nothing
 * to configure, and still nothing another local user or a network neighbour can use.
 */
final class LocalSecrets {

    static final String INSTANCE_SECRET_FILE = "internal-secret";
    static final String DATABASE_PASSWORD_FILE = "controlplane/password";
    static final String KAFKA_PASSWORD_FILE = BrokerCredentials.STANDALONE_PASSWORD_FILE;
    static final String COMMAND_SECRET_FILE = "command-secret";
    static final String WEBHOOK_KEY_FILE = "webhook-secret-key";

    /** The one user of the embedded broker; its password is in {@link #KAFKA_PASSWORD_FILE}. */
    static final String KAFKA_USER = BrokerCredentials.STANDALONE_USER;

    private LocalSecrets() {}

    /** The secret instances sign internal queries with (one instance here, but the same port rules). */
    static String instanceSecret(Path dataDir) {
        return readOrCreate(dataDir.resolve(INSTANCE_SECRET_FILE));
    }

    /**
     * The key with which a key command signs what it asks the running process to do ({@link
     * RunningStandalone}); separate from the instance secret, which only reads.
     */
    static String commandSecret(Path dataDir) {
        return readOrCreate(dataDir.resolve(COMMAND_SECRET_FILE));
    }

    /**
     * The AES key that encrypts webhook signing secrets in the control-plane database (standard base64
     * of 32 bytes, as {@code spendline.webhooks.secret-encryption-keys.*} wants it).
     */
    static String webhookSecretKey(Path dataDir) {
        byte[] key = java.util.Base64.getUrlDecoder().decode(readOrCreate(dataDir.resolve(WEBHOOK_KEY_FILE)));
        return java.util.Base64.getEncoder().encodeToString(key);
    }

    /** What Spendline's own Kafka clients log in to the embedded broker with (SASL PLAIN). */
    static BrokerCredentials kafkaCredentials(Path dataDir) {
        return new BrokerCredentials(KAFKA_USER, readOrCreate(dataDir.resolve(KAFKA_PASSWORD_FILE)));
    }

    /** The file holding the database password; absent until {@link #readOrCreate} makes it. */
    static Path databasePasswordFile(Path dataDir) {
        return dataDir.resolve(DATABASE_PASSWORD_FILE);
    }

    /** The secret in {@code file}, made (random, owner-only) if there is none yet. */
    static String readOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            Files.createDirectories(file.getParent());
            String secret = InstanceCredential.generateSecret();
            // Written whole under another name, then moved: a crash never leaves half a secret.
            Path tmp = Files.createTempFile(
                    file.getParent(),
                    ".secret",
                    ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(tmp, secret + "\n", StandardCharsets.US_ASCII);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException | FileAlreadyExistsException e) {
                Files.deleteIfExists(tmp);
                return Files.readString(file, StandardCharsets.US_ASCII).trim();
            }
            return secret;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot keep a secret in " + file, e);
        }
    }
}
