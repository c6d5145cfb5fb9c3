package dev.spendline.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What the CLI reads from outside its command line: environment variables and system properties.
 * Passed in rather than read from {@link System} so that tests run the real commands in-process with
 * their own API key, config directory and credential store.
 *
 * @param variables the environment variables
 * @param properties the system properties
 */
public record Environment(Map<String, String> variables, Properties properties) {

    public static final String API_KEY = "SPENDLINE_API_KEY";
    public static final String URL = "SPENDLINE_URL";
    public static final String CREDENTIAL_STORE = "SPENDLINE_CREDENTIAL_STORE";
    public static final String CREDENTIAL_STORE_PROPERTY = "spendline.credential.store";
    public static final String DEFAULT_URL = "http://127.0.0.1:8080";

    public Environment {
        variables = Map.copyOf(variables);
    }

    /** The process's own environment. */
    public static Environment system() {
        return new Environment(System.getenv(), System.getProperties());
    }

    /** The variable, or null when unset or empty (an exported empty value means "not set"). */
    public String variable(String name) {
        String value = variables.get(name);
        return value == null || value.isEmpty() ? null : value;
    }

    /**
     * The user's home: {@code $HOME} when set (a test or a service manager points it elsewhere; the
     * JVM's {@code user.home} comes from the password database and ignores it), else {@code user.home}.
     */
    public Path home() {
        String home = variable("HOME");
        return home != null && Path.of(home).isAbsolute()
                ? Path.of(home)
                : Path.of(properties.getProperty("user.home"));
    }

    /** {@code $XDG_STATE_HOME/spendline}, or {@code ~/.local/state/spendline}. */
    public Path stateDir() {
        String xdg = variable("XDG_STATE_HOME");
        Path base = xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home().resolve(".local/state");
        return base.resolve("spendline");
    }

    /** {@code $XDG_CONFIG_HOME/spendline}, or {@code ~/.config/spendline}. */
    public Path configDir() {
        String xdg = variable("XDG_CONFIG_HOME");
        // The XDG spec: a relative value is invalid and ignored.
        Path base = xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home().resolve(".config");
        return base.resolve("spendline");
    }

    /** Where credentials go: the system property wins over the variable, so a test can force it. */
    public StoreMode storeMode() {
        String value = properties.getProperty(CREDENTIAL_STORE_PROPERTY, variable(CREDENTIAL_STORE));
        if (value == null) {
            return StoreMode.AUTO;
        }
        try {
            return StoreMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliException(
                    ExitCodes.USAGE,
                    "invalid_credential_store",
                    CREDENTIAL_STORE + " must be file, keyring or auto, not '" + value + "'");
        }
    }

    /** Which credential store {@code auth login} uses. */
    public enum StoreMode {
        /** The OS credential store, and the user-only file when there is none. */
        AUTO,
        /** The OS credential store only; a failure is an error. */
        KEYRING,
        /** The user-only file only. */
        FILE
    }
}
