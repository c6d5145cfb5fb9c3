package dev.spendline.controlplane.oauth;

import dev.spendline.controlplane.support.Timestamps;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The key that signs OAuth access tokens, kept in the control-plane database so that tokens stay
 * valid across a restart and are accepted by every instance. Stored as a JWK (JSON, private part
 * included): whoever can read the control-plane database can mint tokens, as they could read the
 * sessions and grants already.
 */
public class SigningKeyRepository {

    /** The one key's id; a rotation would add rows with other ids. */
    static final String PRIMARY = "primary";

    private final JdbcClient jdbc;
    private final Clock clock;

    public SigningKeyRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The stored key, or {@code generate}'s, stored now. Two instances starting at once both generate;
     * one insert wins and both use its key.
     */
    public String findOrCreate(Supplier<String> generate) {
        return find().orElseGet(() -> {
            try {
                jdbc.sql("insert into oauth_signing_keys (id, jwk, created_at) values (:id, :jwk, :createdAt)")
                        .param("id", PRIMARY)
                        .param("jwk", generate.get())
                        .param("createdAt", Timestamps.toDb(Timestamps.now(clock)))
                        .update();
            } catch (DuplicateKeyException concurrentStart) {
                // Another instance stored its key first: use that one.
            }
            return find().orElseThrow();
        });
    }

    private Optional<String> find() {
        return jdbc.sql("select jwk from oauth_signing_keys where id = :id")
                .param("id", PRIMARY)
                .query(String.class)
                .optional();
    }
}
