package dev.spendline.standalone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the data directory private to its owner: the directory and every directory in it 0700,
 * every file 0600. It holds the control-plane database (OAuth signing key, session ids, tokens),
 * the Kafka logs (every workspace's events), the streams state and the generated secrets.
 *
 * <p>Java cannot set the process umask, and Kafka, RocksDB and H2 create their files with the
 * default mode (0644 under the usual umask 022). The guarantee therefore rests on the top
 * directory: it is 0700, so no other user can reach anything below it, whatever the mode of a
 * file created later. On top of that, every start repairs the modes of everything inside (a data
 * directory of an earlier version, 0755/0644, is fixed with one INFO line), and once more after
 * start-up, so the files a first start created are owner-only too. Symbolic links are not
 * followed, and only Spendline's own entries are walked ({@link #OWN}): a data directory given as
 * a directory with other contents (say, a home directory) gets 0700 itself, but nothing else in it
 * is changed. On a file system without POSIX permissions nothing is changed (a WARN says so).
 */
final class DataDirectory {

    private static final Logger log = LoggerFactory.getLogger(DataDirectory.class);

    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    /** What Spendline keeps in its data directory, and all that the repair walks into. */
    static final Set<String> OWN = Set.of(
            "kafka",
            "streams",
            "controlplane",
            LocalSecrets.INSTANCE_SECRET_FILE,
            LocalSecrets.KAFKA_PASSWORD_FILE,
            LocalSecrets.COMMAND_SECRET_FILE,
            RunningStandalone.FILE,
            Standalone.BOOTSTRAP_FILE,
            AddPrice.FILE);

    private DataDirectory() {}

    /**
     * Creates {@code dataDir} (0700) if needed and makes everything in it owner-only, logging at
     * INFO when anything had to change.
     */
    static void secure(Path dataDir) {
        int repaired = repair(dataDir);
        if (repaired > 0) {
            log.info(
                    "Data directory {}: {} files and directories were readable by other users; now owner-only"
                            + " (directories 0700, files 0600)",
                    dataDir,
                    repaired);
        }
    }

    /** The same, silently: after start-up, for the files the start itself created. */
    static void tighten(Path dataDir) {
        int repaired = repair(dataDir);
        log.debug("Data directory {}: {} new files and directories made owner-only", dataDir, repaired);
    }

    /** @return how many modes were changed */
    static int repair(Path dataDir) {
        try {
            if (!Files.exists(dataDir)) {
                Files.createDirectories(dataDir);
            }
            if (Files.getFileAttributeView(dataDir, PosixFileAttributeView.class) == null) {
                log.warn(
                        "Data directory {} is on a file system without POSIX permissions: keep it private yourself",
                        dataDir);
                return 0;
            }
            int[] changed = {0};
            // The top directory first: from here on nothing below is reachable by another user.
            if (set(dataDir, DIRECTORY)) {
                changed[0]++;
            }
            Files.walkFileTree(dataDir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    if (dir.equals(dataDir)) {
                        return FileVisitResult.CONTINUE;
                    }
                    if (!ownedBySpendline(dir)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    if (set(dir, DIRECTORY)) {
                        changed[0]++;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    if (attrs.isRegularFile() && ownedBySpendline(file) && set(file, FILE)) {
                        changed[0]++;
                    }
                    return FileVisitResult.CONTINUE;
                }

                /** Under one of Spendline's own entries, or one of its temporary files at the top. */
                private boolean ownedBySpendline(Path path) {
                    String top = dataDir.relativize(path).getName(0).toString();
                    return OWN.contains(top) || (top.startsWith(".") && top.endsWith(".tmp"));
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    // Kafka, RocksDB or H2 removed it while we walked (a segment rolled, a temp file
                    // closed): nothing left to protect.
                    return FileVisitResult.CONTINUE;
                }
            });
            return changed[0];
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot make the data directory " + dataDir + " owner-only", e);
        }
    }

    private static boolean set(Path path, Set<PosixFilePermission> wanted) throws IOException {
        try {
            Set<PosixFilePermission> current = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            if (current.equals(wanted)) {
                return false;
            }
            Files.setPosixFilePermissions(path, wanted);
            return true;
        } catch (java.nio.file.NoSuchFileException gone) {
            return false;
        }
    }
}
