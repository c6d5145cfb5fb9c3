package dev.spendline.cli.auth;

import com.github.javakeyring.Keyring;
import com.github.javakeyring.PasswordAccessException;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The OS credential store through java-keyring: macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux (items with attributes {@code service=spendline account=api-key}, so
 * {@code secret-tool lookup service spendline account api-key} finds it). Every call is bounded: a
 * locked keyring can wait forever for an unlock prompt nobody sees, and a CLI must not hang.
 */
final class KeyringStore implements CredentialStore {

    static final String SERVICE = "spendline";
    static final String ACCOUNT = "api-key";
    private static final long TIMEOUT_SECONDS = 10;

    private final String account;

    /** The API key's item ({@code account=api-key}). */
    KeyringStore() {
        this(ACCOUNT);
    }

    /** Another named secret of the CLI, such as the collector's refresh token. */
    KeyringStore(String account) {
        this.account = account;
    }

    @Override
    public String name() {
        return "keyring";
    }

    @Override
    public String location() {
        return "the OS credential store (service '" + SERVICE + "', account '" + account + "')";
    }

    @Override
    public void save(String apiKey) {
        bounded(() -> {
            try (Keyring keyring = Keyring.create()) {
                keyring.setPassword(SERVICE, account, apiKey);
            }
            return null;
        });
    }

    @Override
    public Optional<String> load() {
        return bounded(() -> {
            try (Keyring keyring = Keyring.create()) {
                return Optional.of(keyring.getPassword(SERVICE, account));
            } catch (PasswordAccessException e) {
                // java-keyring reports "no such item" this way; the store itself answered.
                return Optional.empty();
            }
        });
    }

    @Override
    public boolean delete() {
        return bounded(() -> {
            try (Keyring keyring = Keyring.create()) {
                keyring.deletePassword(SERVICE, account);
                return true;
            } catch (PasswordAccessException e) {
                return false;
            }
        });
    }

    private static <T> T bounded(Callable<T> call) {
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, "spendline-keyring");
            thread.setDaemon(true);
            return thread;
        });
        try {
            return executor.submit(call).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new StoreUnavailableException(
                    "the OS credential store did not answer within " + TIMEOUT_SECONDS + " s (locked?)", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new StoreUnavailableException("no usable OS credential store: " + describe(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted", e);
        } finally {
            executor.shutdownNow();
        }
    }

    private static String describe(Throwable cause) {
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }
}
