package dev.spendline.cli.auth;

import java.util.Optional;

/** One place an API key can be kept: the OS credential store or the user-only file. */
interface CredentialStore {

    /** {@code keyring} or {@code file}, as config.json and {@code --json} name it. */
    String name();

    /** Where the key is, in words a person can check (never the key). */
    String location();

    /** Saves the key; a {@link StoreUnavailableException} when this store cannot be used here. */
    void save(String apiKey);

    Optional<String> load();

    /** True when there was a key to delete. */
    boolean delete();
}
