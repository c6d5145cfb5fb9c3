package dev.spendline.streams.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Fresh Kafka Streams state directories for {@code TopologyTestDriver}s, in memory ({@code
 * /dev/shm}) where the machine has it.
 *
 * <p>Why memory: the test driver commits after every record, and each commit flushes every RocksDB
 * store to a new SST file and writes the checkpoint with an fsync and a rename. On a disk that was
 * three quarters of a topology test's time (JFR: {@code RocksDB.flush} 42 %, {@code fsync} 28 %,
 * {@code rename} 9 %); in {@code /dev/shm} the same stores, files and checkpoints cost a quarter.
 * The stores are still RocksDB: only where their files live changes.
 *
 * <p>Why one of its own: the default ({@code /tmp/kafka-streams/<application id>}) is shared by
 * every process on the machine, and two builds running at once read each other's RocksDB files.
 * The driver's {@code close} removes what it wrote.
 */
public final class TestStateDirs {

    private static final Path SHM = Path.of("/dev/shm");

    private TestStateDirs() {}

    /** A new empty directory named {@code prefix…}, in {@code /dev/shm} when writable, else in the temp directory. */
    public static String fresh(String prefix) {
        try {
            return (Files.isDirectory(SHM) && Files.isWritable(SHM)
                            ? Files.createTempDirectory(SHM, prefix)
                            : Files.createTempDirectory(prefix))
                    .toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
