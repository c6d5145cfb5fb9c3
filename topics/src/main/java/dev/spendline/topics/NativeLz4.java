package dev.spendline.topics;

import net.jpountz.lz4.LZ4Factory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets Kafka's lz4 codec use lz4-java's native (JNI) compressor in a Spring Boot jar.
 *
 * <p>Kafka's {@code Lz4BlockOutputStream} asks {@code LZ4Factory.fastestInstance()} for a
 * compressor per batch. lz4-java answers with its native library only if that library is already
 * loaded or if lz4-java was loaded by the system class loader. In a Spring Boot jar (the
 * standalone, the services, the bench) it is loaded by Boot's nested-jar class loader, so every
 * batch was compressed by the pure-Java "safe" compressor: 17 % of the stream thread in issue
 * #29's profile (changelog and output batches), and the same on the gateway's producer and in the
 * embedded broker. Loading the native library once, here, makes {@code fastestInstance()} return
 * it for the whole JVM. Where it cannot load (another OS or architecture), Kafka keeps the Java
 * compressor, as before; the bytes written are the same lz4 frames either way.
 */
public final class NativeLz4 {

    private static final Logger log = LoggerFactory.getLogger(NativeLz4.class);
    private static volatile Boolean loaded;

    private NativeLz4() {}

    /** Loads the native library if it can; idempotent and cheap after the first call. */
    public static boolean load() {
        Boolean known = loaded;
        if (known != null) {
            return known;
        }
        synchronized (NativeLz4.class) {
            if (loaded == null) {
                loaded = tryLoad();
            }
            return loaded;
        }
    }

    private static boolean tryLoad() {
        try {
            LZ4Factory.nativeInstance();
            log.debug("lz4: the native compressor is in use");
            return true;
        } catch (Throwable unavailable) { // UnsatisfiedLinkError, or no library for this platform
            log.info(
                    "lz4: no native library here ({}), Kafka compresses with lz4-java's Java code",
                    unavailable.toString());
            return false;
        }
    }
}
