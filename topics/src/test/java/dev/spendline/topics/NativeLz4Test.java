package dev.spendline.topics;

import static org.assertj.core.api.Assertions.assertThat;

import net.jpountz.lz4.LZ4Factory;
import org.junit.jupiter.api.Test;

class NativeLz4Test {

    @Test
    void loadsTheNativeLibrarySoKafkaUsesIt() {
        // The machines this project builds and runs on are Linux x86-64, for which lz4-java ships a library.
        assertThat(NativeLz4.load()).isTrue();
        assertThat(NativeLz4.load()).as("idempotent").isTrue();
        assertThat(LZ4Factory.fastestInstance().toString()).isEqualTo("LZ4Factory:JNI");
    }
}
