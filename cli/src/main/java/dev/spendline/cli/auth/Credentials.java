package dev.spendline.cli.auth;

import dev.spendline.cli.CliException;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.SavedSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where the API key comes from and goes to. Reading: {@code SPENDLINE_API_KEY} wins (CI and
 * containers need no login), else the store the last login recorded in config.json. Saving follows
 * {@code SPENDLINE_CREDENTIAL_STORE}: the OS store, the user-only file, or (auto) the OS store with
 * the file as fallback.
 */
public final class Credentials {

    private Credentials() {}

    /**
     * A key and where it was found.
     *
     * @param apiKey the key; never printed
     * @param store {@code environment}, {@code keyring} or {@code file}
     * @param location where it lives, in words
     */
    public record Found(String apiKey, String store, String location) {}

    /** A saved key: which store took it, and the warning to print when it is the fallback file. */
    record Saved(CredentialStore store, String warning) {}

    public static Found resolve(Environment environment, SavedSettings settings) {
        String fromEnvironment = environment.variable(Environment.API_KEY);
        if (fromEnvironment != null) {
            return new Found(fromEnvironment, "environment", "the environment variable " + Environment.API_KEY);
        }
        if (settings.store() != null) {
            CredentialStore store = store(environment, settings.store());
            Optional<String> key;
            try {
                key = store.load();
            } catch (StoreUnavailableException e) {
                throw new CliException(
                        ExitCodes.AUTH,
                        "credential_unavailable",
                        "Cannot read the saved credential from " + store.location() + ": " + e.getMessage(),
                        e);
            }
            if (key.isPresent()) {
                return new Found(key.get(), store.name(), store.location());
            }
        }
        throw new CliException(
                ExitCodes.AUTH,
                "not_logged_in",
                "Not logged in: set " + Environment.API_KEY + " and run 'spendline auth login'");
    }

    static Saved save(Environment environment, String apiKey) {
        FileStore file = new FileStore(environment.configDir());
        return switch (environment.storeMode()) {
            case FILE -> {
                file.save(apiKey);
                yield new Saved(
                        file,
                        "warning: saved the key in " + file.location() + " (readable only by you), not in the OS"
                                + " credential store, because " + Environment.CREDENTIAL_STORE + "=file");
            }
            case KEYRING -> {
                KeyringStore keyring = new KeyringStore();
                keyring.save(apiKey);
                file.delete();
                yield new Saved(keyring, null);
            }
            case AUTO -> {
                KeyringStore keyring = new KeyringStore();
                try {
                    keyring.save(apiKey);
                    // A key saved earlier as the fallback must not outlive the move to the keyring.
                    file.delete();
                    yield new Saved(keyring, null);
                } catch (StoreUnavailableException e) {
                    file.save(apiKey);
                    yield new Saved(
                            file,
                            "warning: " + e.getMessage() + "; saved the key in " + file.location()
                                    + " (readable only by you) instead");
                }
            }
        };
    }

    /** Deletes the key from every store; the names of the stores that had one. */
    static List<String> deleteEverywhere(Environment environment, List<String> problems) {
        List<String> removed = new ArrayList<>();
        for (CredentialStore store : List.of(new KeyringStore(), new FileStore(environment.configDir()))) {
            try {
                if (store.delete()) {
                    removed.add(store.name());
                }
            } catch (StoreUnavailableException e) {
                problems.add(store.name() + ": " + e.getMessage());
            }
        }
        return removed;
    }

    static CredentialStore store(Environment environment, String name) {
        return "keyring".equals(name) ? new KeyringStore() : new FileStore(environment.configDir());
    }
}
