package dev.spendline.controlplane.accounts;

import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import dev.spendline.controlplane.support.RandomIds;
import dev.spendline.controlplane.support.Timestamps;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Stores users and the provider identities they sign in with. */
public class UserRepository {

    static final int MAX_EMAIL_LENGTH = 320;
    static final int MAX_NAME_LENGTH = Limits.MAX_DISPLAY_NAME_LENGTH;
    private static final String COLUMNS = "id, email, display_name, created_at";

    private final JdbcClient jdbc;
    private final Clock clock;

    public UserRepository(JdbcClient jdbc, Clock clock) {
        this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** E-mail addresses are compared lower-cased and trimmed. */
    public static String normalizeEmail(String email) {
        return email == null ? null : email.trim().toLowerCase(Locale.ROOT);
    }

    /**
     * Creates a user; {@code passwordHash} is an encoded adaptive hash, or null for a provider-only account.
     * The display name is cleaned to a {@link TextRules#DISPLAY_NAME} (the sign-up form refuses a bad
     * one first; a provider's name claim is taken as cleaned rather than failing the sign-in), and is
     * the e-mail address when nothing is left.
     *
     * @throws org.springframework.dao.DuplicateKeyException if the e-mail address is taken
     */
    public User create(String email, String displayName, String passwordHash) {
        String normalized = normalizeEmail(email);
        if (normalized == null || normalized.isEmpty() || normalized.length() > MAX_EMAIL_LENGTH) {
            throw new IllegalArgumentException("E-mail must be 1 to " + MAX_EMAIL_LENGTH + " characters");
        }
        String cleaned = TextRules.DISPLAY_NAME.clean(displayName, MAX_NAME_LENGTH);
        String name = cleaned != null
                ? cleaned
                : Objects.requireNonNullElse(TextRules.DISPLAY_NAME.clean(normalized, MAX_NAME_LENGTH), "user");
        User user = new User(RandomIds.next("usr_"), normalized, name, Timestamps.now(clock));
        jdbc.sql("insert into users (id, email, display_name, password_hash, created_at)"
                        + " values (:id, :email, :name, :hash, :createdAt)")
                .param("id", user.id())
                .param("email", user.email())
                .param("name", user.displayName())
                .param("hash", passwordHash)
                .param("createdAt", Timestamps.toDb(user.createdAt()))
                .update();
        return user;
    }

    public Optional<User> findById(String id) {
        return jdbc.sql("select " + COLUMNS + " from users where id = :id")
                .param("id", id)
                .query(UserRepository::map)
                .optional();
    }

    public Optional<User> findByEmail(String email) {
        return jdbc.sql("select " + COLUMNS + " from users where email = :email")
                .param("email", normalizeEmail(email))
                .query(UserRepository::map)
                .optional();
    }

    /** The stored password hash of the account with this e-mail; empty without one. */
    public Optional<String> passwordHash(String userId) {
        return jdbc.sql("select password_hash from users where id = :id")
                .param("id", userId)
                .query(String.class)
                .optional();
    }

    /** The user who signs in with this provider identity. */
    public Optional<User> findByIdentity(String issuer, String subject) {
        return jdbc.sql("select u.id, u.email, u.display_name, u.created_at from users u"
                        + " join user_identities i on i.user_id = u.id"
                        + " where i.issuer = :issuer and i.subject = :subject")
                .param("issuer", issuer)
                .param("subject", subject)
                .query(UserRepository::map)
                .optional();
    }

    public void linkIdentity(String issuer, String subject, String userId) {
        jdbc.sql("insert into user_identities (issuer, subject, user_id, created_at)"
                        + " values (:issuer, :subject, :userId, :createdAt)")
                .param("issuer", issuer)
                .param("subject", subject)
                .param("userId", userId)
                .param("createdAt", Timestamps.toDb(Timestamps.now(clock)))
                .update();
    }

    private static User map(ResultSet rs, int rowNum) throws SQLException {
        return new User(
                rs.getString("id"),
                rs.getString("email"),
                rs.getString("display_name"),
                Timestamps.fromDb(rs, "created_at"));
    }
}
