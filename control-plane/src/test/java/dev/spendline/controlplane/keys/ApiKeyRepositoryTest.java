package dev.spendline.controlplane.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ApiKeyRepositoryTest extends DatabaseTest {

    private Workspace workspace;

    @BeforeEach
    void createWorkspace() {
        workspace = workspaces.create("Acme", Plan.TEAM);
    }

    @Test
    void issuedKeyHasIdPrefixAndClockTime() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");

        ApiKey key = issued.key();
        assertThat(key.id()).matches("key_[a-z0-9]{20}");
        assertThat(key.workspaceId()).isEqualTo(workspace.id());
        assertThat(key.name()).isEqualTo("ci");
        assertThat(key.prefix()).isEqualTo(issued.secret().substring(0, 12));
        assertThat(key.createdAt()).isEqualTo(clock.instant());
        assertThat(key.lastUsedAt()).isNull();
        assertThat(key.revoked()).isFalse();
        assertThat(ApiKeySecrets.looksLikeKey(issued.secret())).isTrue();
    }

    @Test
    void onlyTheHashOfTheSecretIsStored() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");
        String randomPart = issued.secret().substring(ApiKeySecrets.PREFIX.length());

        List<String> storedValues = new ArrayList<>();
        jdbc.sql("select * from api_keys").query(rs -> {
            for (int column = 1; column <= rs.getMetaData().getColumnCount(); column++) {
                storedValues.add(String.valueOf(rs.getObject(column)));
            }
        });

        assertThat(storedValues)
                .contains(ApiKeySecrets.hash(issued.secret()), issued.key().prefix());
        assertThat(storedValues).noneMatch(value -> value.contains(randomPart));
        assertThat(issued.toString()).doesNotContain(randomPart);
    }

    @Test
    void keyIsFoundByTheHashOfItsSecret() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");
        keys.issue(workspace.id(), "other");

        assertThat(keys.findByHash(ApiKeySecrets.hash(issued.secret()))).contains(issued.key());
    }

    @Test
    void unknownHashIsNotFound() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");

        assertThat(keys.findByHash(ApiKeySecrets.hash(ApiKeySecrets.generate())))
                .isEmpty();
        assertThat(keys.findByHash(issued.secret()))
                .as("the secret itself is not a lookup key")
                .isEmpty();
    }

    @Test
    void refusesKeyNamesWithControlOrBidiCharacters() {
        String workspaceId = workspace.id();
        for (String bad : new String[] {"ci\u001b[2J", "ci\nFAKE", "ci\u202e", "ci\udc00"}) {
            assertThatThrownBy(() -> keys.issue(workspaceId, bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("name must ");
        }
    }

    @Test
    void issuingForMissingWorkspaceFails() {
        assertThatThrownBy(() -> keys.issue("ws_missing", "ci"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ws_missing");
        assertThat(jdbc.sql("select count(*) from api_keys").query(Long.class).single())
                .isZero();
    }

    @Test
    void listForWorkspaceReturnsOnlyThatWorkspacesKeysOldestFirst() {
        Workspace other = workspaces.create("Other", Plan.FREE);
        IssuedApiKey first = keys.issue(workspace.id(), "first");
        keys.issue(other.id(), "foreign");
        clock.advance(Duration.ofSeconds(1));
        IssuedApiKey second = keys.issue(workspace.id(), "second");

        assertThat(keys.listForWorkspace(workspace.id())).containsExactly(first.key(), second.key());
    }

    @Test
    void revokeSetsRevokedAtOnceAndIsIdempotent() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");
        clock.advance(Duration.ofMinutes(5));
        Instant revokedAt = clock.instant();

        assertThat(keys.revoke(issued.key().id())).isTrue();
        clock.advance(Duration.ofMinutes(5));
        assertThat(keys.revoke(issued.key().id())).isTrue();

        ApiKey stored = keys.findByHash(ApiKeySecrets.hash(issued.secret())).orElseThrow();
        assertThat(stored.revoked()).isTrue();
        assertThat(stored.revokedAt()).isEqualTo(revokedAt);
    }

    @Test
    void revokingUnknownKeyReportsNotFound() {
        IssuedApiKey kept = keys.issue(workspace.id(), "ci");

        assertThat(keys.revoke("key_missing")).isFalse();
        assertThat(keys.findByHash(ApiKeySecrets.hash(kept.secret()))
                        .orElseThrow()
                        .revoked())
                .isFalse();
    }

    @Test
    void revokeInWorkspaceRevokesOnlyKeysOfThatWorkspace() {
        Workspace other = workspaces.create("Other", Plan.FREE);
        IssuedApiKey own = keys.issue(workspace.id(), "ci");
        IssuedApiKey foreign = keys.issue(other.id(), "theirs");

        assertThat(keys.revokeInWorkspace(workspace.id(), foreign.key().id())).isFalse();
        assertThat(keys.revokeInWorkspace(workspace.id(), "key_missing")).isFalse();
        assertThat(keys.revokeInWorkspace(workspace.id(), own.key().id())).isTrue();

        assertThat(keys.listForWorkspace(other.id()))
                .singleElement()
                .extracting(ApiKey::revoked)
                .isEqualTo(false);
        assertThat(keys.listForWorkspace(workspace.id()))
                .singleElement()
                .extracting(ApiKey::revokedAt)
                .isEqualTo(clock.instant());
    }

    @Test
    void markUsedRecordsLastUseButNeverMovesItBackwards() {
        IssuedApiKey issued = keys.issue(workspace.id(), "ci");
        Instant later = Instant.parse("2026-03-02T08:00:00.5Z");
        Instant earlier = Instant.parse("2026-03-02T07:00:00Z");

        keys.markUsed(issued.key().id(), later);
        keys.markUsed(issued.key().id(), earlier);

        assertThat(keys.findByHash(ApiKeySecrets.hash(issued.secret()))
                        .orElseThrow()
                        .lastUsedAt())
                .isEqualTo(later);
    }
}
