package dev.spendline.cli.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The fallback where no OS credential store exists: {@code <config dir>/credentials}, created with
 * mode 0600 in the same system call that creates it (a chmod after writing would leave a window in
 * which other users could read the key). The directory is created 0700.
 */
final class FileStore implements CredentialStore {

    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");

    private final Path file;

    FileStore(Path configDir) {
        this(configDir, "credentials");
    }

    /** Another named secret of the CLI in its own user-only file of the config directory. */
    FileStore(Path configDir, String fileName) {
        this.file = configDir.resolve(fileName);
    }

    Path file() {
        return file;
    }

    @Override
    public String name() {
        return "file";
    }

    @Override
    public String location() {
        return file.toString();
    }

    @Override
    public void save(String apiKey) {
        try {
            createDirectory(file.getParent());
            // A new file every time: an existing one might have been widened by hand.
            Files.deleteIfExists(file);
            create(file);
            Files.writeString(file, apiKey + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<String> load() {
        try {
            if (!Files.exists(file)) {
                return Optional.empty();
            }
            String key = Files.readString(file, StandardCharsets.UTF_8).trim();
            return key.isEmpty() ? Optional.empty() : Optional.of(key);
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public boolean delete() {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new StoreUnavailableException("cannot delete " + file + ": " + e.getMessage(), e);
        }
    }

    private static void create(Path path) throws IOException {
        if (posix(path)) {
            Files.createFile(path, PosixFilePermissions.asFileAttribute(FILE_MODE));
        } else {
            // Windows: a file under the user's profile is private to the user by its inherited ACL.
            Files.createFile(path);
        }
    }

    private static void createDirectory(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        FileAttribute<?>[] attributes = posix(dir.getParent())
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIR_MODE)}
                : new FileAttribute<?>[0];
        try {
            Files.createDirectories(dir, attributes);
        } catch (FileAlreadyExistsException e) {
            // Created concurrently: fine as long as it is a directory.
            if (!Files.isDirectory(dir)) {
                throw e;
            }
        }
    }

    private static boolean posix(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing != null
                && existing.getFileSystem().supportedFileAttributeViews().contains("posix");
    }
}
