package dev.spendline.controlplane.keys;

/**
 * A freshly issued key together with its secret. The secret exists only in this object: it is not stored, so
 * it must be shown to the user now and cannot be recovered later.
 */
public record IssuedApiKey(ApiKey key, String secret) {

    /** Keeps the secret out of logs and exception messages that print this record. */
    @Override
    public String toString() {
        return "IssuedApiKey[key=" + key + ", secret=" + key.prefix() + "…]";
    }
}
