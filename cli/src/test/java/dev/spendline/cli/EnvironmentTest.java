package dev.spendline.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EnvironmentTest {

    private static Environment environment(Map<String, String> variables, String storeProperty) {
        Properties properties = new Properties();
        properties.setProperty("user.home", "/home/ada");
        if (storeProperty != null) {
            properties.setProperty(Environment.CREDENTIAL_STORE_PROPERTY, storeProperty);
        }
        return new Environment(variables, properties);
    }

    @Test
    void configDirFollowsXdgWhenAbsoluteElseTheHomeDirectory() {
        assertThat(environment(Map.of(), null).configDir()).isEqualTo(Path.of("/home/ada/.config/spendline"));
        assertThat(environment(Map.of("XDG_CONFIG_HOME", "/tmp/cfg"), null).configDir())
                .isEqualTo(Path.of("/tmp/cfg/spendline"));
        assertThat(environment(Map.of("XDG_CONFIG_HOME", "relative"), null).configDir())
                .isEqualTo(Path.of("/home/ada/.config/spendline"));
        assertThat(environment(Map.of("XDG_CONFIG_HOME", ""), null).configDir())
                .isEqualTo(Path.of("/home/ada/.config/spendline"));
    }

    @Test
    void theSystemPropertyChoosesTheStoreBeforeTheVariable() {
        assertThat(environment(Map.of(), null).storeMode()).isEqualTo(Environment.StoreMode.AUTO);
        assertThat(environment(Map.of("SPENDLINE_CREDENTIAL_STORE", "File"), null)
                        .storeMode())
                .isEqualTo(Environment.StoreMode.FILE);
        assertThat(environment(Map.of("SPENDLINE_CREDENTIAL_STORE", "file"), "keyring")
                        .storeMode())
                .isEqualTo(Environment.StoreMode.KEYRING);
        assertThatThrownBy(() -> environment(Map.of("SPENDLINE_CREDENTIAL_STORE", "vault"), null)
                        .storeMode())
                .isInstanceOfSatisfying(
                        CliException.class, e -> assertThat(e.exitCode()).isEqualTo(ExitCodes.USAGE))
                .hasMessageContaining("file, keyring or auto");
    }
}
