package dev.spendline.cli.collector;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Atomic, user-only file writes: a crash never leaves a half-written settings or spool file. */
final class Files2 {

    private Files2() {}

    /** Writes through a temporary file in the same directory and a rename. */
    static void writeAtomically(Path file, byte[] content, boolean userOnly) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temporary = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.deleteIfExists(temporary);
        if (userOnly && FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(
                    temporary, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(temporary);
        }
        Files.write(temporary, content);
        try {
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Keeps the permissions of a file being replaced (a settings file the user made 0600 stays so). */
    static void writeKeepingMode(Path file, byte[] content) throws IOException {
        var mode = Files.exists(file)
                        && FileSystems.getDefault()
                                .supportedFileAttributeViews()
                                .contains("posix")
                ? Files.getPosixFilePermissions(file)
                : null;
        writeAtomically(file, content, false);
        if (mode != null) {
            Files.setPosixFilePermissions(file, mode);
        }
    }
}
