package dev.spendline.cli.auth;

/** A credential store that cannot be used on this machine or session (no D-Bus, locked, I/O). */
final class StoreUnavailableException extends RuntimeException {

    StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
