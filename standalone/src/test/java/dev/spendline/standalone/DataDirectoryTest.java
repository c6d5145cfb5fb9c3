package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The data directory made owner-only: created so, and repaired when an earlier version left it open. */
class DataDirectoryTest {

    @TempDir
    Path parent;

    @Test
    void aNewDataDirectoryIsCreatedOwnerOnly() throws Exception {
        Path data = parent.resolve("data");

        DataDirectory.secure(data);

        assertThat(mode(data)).isEqualTo("rwx------");
    }

    @Test
    void anOpenDataDirectoryOfAnEarlierVersionIsRepairedRecursivelyWithoutFollowingLinks() throws Exception {
        Path data = Files.createDirectories(parent.resolve("data"));
        Path controlPlane = Files.createDirectories(data.resolve("controlplane"));
        Path segments = Files.createDirectories(data.resolve("kafka/spendline.events.v1-0"));
        Files.writeString(controlPlane.resolve("spendline.mv.db"), "db");
        Files.writeString(segments.resolve("00000000000000000000.log"), "events");
        Path outside = Files.writeString(parent.resolve("outside"), "not ours to change");
        Files.setPosixFilePermissions(outside, PosixFilePermissions.fromString("rw-r--r--"));
        Files.createSymbolicLink(data.resolve("link"), outside);
        for (Path dir : new Path[] {data, controlPlane, segments.getParent(), segments}) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(
                controlPlane.resolve("spendline.mv.db"), PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(
                segments.resolve("00000000000000000000.log"), PosixFilePermissions.fromString("rw-rw-rw-"));

        assertThat(DataDirectory.repair(data)).isEqualTo(6);

        assertThat(mode(data)).isEqualTo("rwx------");
        assertThat(mode(controlPlane)).isEqualTo("rwx------");
        assertThat(mode(segments)).isEqualTo("rwx------");
        assertThat(mode(controlPlane.resolve("spendline.mv.db"))).isEqualTo("rw-------");
        assertThat(mode(segments.resolve("00000000000000000000.log"))).isEqualTo("rw-------");
        assertThat(mode(outside))
                .as("a link's target outside the data directory")
                .isEqualTo("rw-r--r--");
        assertThat(DataDirectory.repair(data)).as("nothing left to repair").isZero();
    }

    @Test
    void aDirectoryWithOtherContentsGets0700ButNothingElseInItChanges() throws Exception {
        Path home = Files.createDirectories(parent.resolve("home"));
        Path notes = Files.writeString(home.resolve("notes.txt"), "mine");
        Files.setPosixFilePermissions(notes, PosixFilePermissions.fromString("rw-r--r--"));
        Path project = Files.createDirectories(home.resolve("project"));
        Files.setPosixFilePermissions(project, PosixFilePermissions.fromString("rwxr-xr-x"));

        DataDirectory.secure(home);

        assertThat(mode(home)).isEqualTo("rwx------");
        assertThat(mode(notes)).isEqualTo("rw-r--r--");
        assertThat(mode(project)).isEqualTo("rwxr-xr-x");
    }

    private static String mode(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS));
    }
}
