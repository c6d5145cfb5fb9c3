package dev.spendline.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.junit.jupiter.api.Test;

class StreamsTuningTest {

    @Test
    void taskIdlingIsOffSoKafkaStreamsDoesNotFormatALogLinePerEmptyPartitionPerRecord() {
        Properties config = new Properties();
        StreamsTuning.apply(config);
        assertThat(config.get(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG))
                .isEqualTo(StreamsConfig.MAX_TASK_IDLE_MS_DISABLED);
        assertThat(new StreamsConfig(withRequired(config)).getLong(StreamsConfig.MAX_TASK_IDLE_MS_CONFIG))
                .isEqualTo(-1L);
    }

    private static Properties withRequired(Properties config) {
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, "tuning-test");
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
        return config;
    }
}
