package dev.spendline.cli.auth;

import dev.spendline.cli.Environment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A named secret of the CLI other than the API key (the collector's refresh token), kept where
 * {@code auth login} keeps the key: the OS credential store (service {@code spendline}, its own
 * account), else a user-only file of the config directory with a warning. The store rule follows
 * {@code SPENDLINE_CREDENTIAL_STORE} exactly as for the API key, so tests force the file store the
 * same way.
 *
 * @param account the keyring account, e.g. {@code collector-refresh-token}
 * @param fileName the fallback file in the config directory, e.g. {@code collector-credentials}
 */
public record SecretStore(String account, String fileName) {

    /**
     * Where a secret was saved.
     *
     * @param store {@code keyring} or {@code file}
     * @param location where, in words (never the secret)
     * @param warning what to print when the fallback file took it, else null
     */
    public record Saved(String store, String location, String warning) {}

    /** Saves the secret; throws {@link IllegalStateException} with a clear message when no store can. */
    public Saved save(Environment environment, String secret) {
        FileStore file = new FileStore(environment.configDir(), fileName);
        try {
            switch (environment.storeMode()) {
                case FILE -> {
                    file.save(secret);
                    return new Saved(
                            file.name(),
                            file.location(),
                            "warning: saved the secret in " + file.location() + " (readable only by you), not in"
                                    + " the OS credential store, because " + Environment.CREDENTIAL_STORE + "=file");
                }
                case KEYRING -> {
                    KeyringStore keyring = new KeyringStore(account);
                    keyring.save(secret);
                    file.delete();
                    return new Saved(keyring.name(), keyring.location(), null);
                }
                default -> {
                    KeyringStore keyring = new KeyringStore(account);
                    try {
                        keyring.save(secret);
                        file.delete();
                        return new Saved(keyring.name(), keyring.location(), null);
                    } catch (StoreUnavailableException e) {
                        file.save(secret);
                        return new Saved(
                                file.name(),
                                file.location(),
                                "warning: " + e.getMessage() + "; saved the secret in " + file.location()
                                        + " (readable only by you) instead");
                    }
                }
            }
        } catch (StoreUnavailableException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The secret from the store {@code save} reported ({@code keyring} or {@code file}). */
    public Optional<String> load(Environment environment, String store) {
        try {
            return store(environment, store).load();
        } catch (StoreUnavailableException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Where the store keeps it, in words. */
    public String location(Environment environment, String store) {
        return store(environment, store).location();
    }

    /** Deletes the secret from both stores; problems (a store that cannot be reached) are added. */
    public List<String> deleteEverywhere(Environment environment, List<String> problems) {
        List<String> removed = new ArrayList<>();
        List<CredentialStore> stores = environment.storeMode() == Environment.StoreMode.FILE
                ? List.of(new FileStore(environment.configDir(), fileName))
                : List.of(new KeyringStore(account), new FileStore(environment.configDir(), fileName));
        for (CredentialStore store : stores) {
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

    private CredentialStore store(Environment environment, String store) {
        return "keyring".equals(store) ? new KeyringStore(account) : new FileStore(environment.configDir(), fileName);
    }
}
