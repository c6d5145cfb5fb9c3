package dev.spendline.cli.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileStoreTest {

    @TempDir
    Path home;

    @Test
    void aWidenedFileIsReplacedByAUserOnlyOne() throws Exception {
        FileStore store = new FileStore(home.resolve("spendline"));
        store.save("spl_first");
        Files.setPosixFilePermissions(store.file(), PosixFilePermissions.fromString("rw-r--r--"));
        store.save("spl_second");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())))
                .isEqualTo("rw-------");
        assertThat(store.load()).hasValue("spl_second");
        assertThat(store.delete()).isTrue();
        assertThat(store.delete()).isFalse();
        assertThat(store.load()).isEmpty();
    }
}
