package dev.spendline.bench;

import dev.spendline.kafka.embedded.BrokerCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The client configuration the benchmarks connect with: the bootstrap servers plus, for a broker
 * that requires them (the standalone's embedded broker), the credentials registered for that
 * address. Kept here so that the many bench entry points that pass a bootstrap address around keep
 * doing so.
 */
public final class BenchKafka {

    private static final Map<String, Map<String, String>> SECURITY = new ConcurrentHashMap<>();

    private BenchKafka() {}

    /** From now on, clients of {@code bootstrap} log in with {@code clientProperties}. */
    public static void register(String bootstrap, Map<String, String> clientProperties) {
        SECURITY.put(bootstrap, Map.copyOf(clientProperties));
    }

    /**
     * Registers the credentials of the standalone that will run (or runs) on {@code dataDir} for
     * its broker at {@code bootstrap}. On a fresh data directory the password is written first,
     * owner-only, and the standalone keeps it: a benchmark can configure its clients before the
     * standalone has started.
     */
    public static void registerStandalone(String bootstrap, Path dataDir) {
        Path file = dataDir.resolve(BrokerCredentials.STANDALONE_PASSWORD_FILE);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                Files.writeString(
                        Files.createFile(
                                file,
                                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
                        BrokerCredentials.generate(BrokerCredentials.STANDALONE_USER)
                                        .password() + "\n",
                        StandardCharsets.US_ASCII);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot prepare the broker password in " + file, e);
        }
        register(bootstrap, BrokerCredentials.ofStandalone(dataDir).clientProperties());
    }

    /** A new, mutable client configuration for {@code bootstrap}. */
    public static Map<String, Object> config(String bootstrap) {
        Map<String, Object> config = new HashMap<>(SECURITY.getOrDefault(bootstrap, Map.of()));
        config.put("bootstrap.servers", bootstrap);
        return config;
    }
}
