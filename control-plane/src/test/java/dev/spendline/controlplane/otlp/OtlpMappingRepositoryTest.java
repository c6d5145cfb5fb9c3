package dev.spendline.controlplane.otlp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.controlplane.DatabaseTest;
import dev.spendline.controlplane.support.Timestamps;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** OTLP mappings (V11) on H2 and PostgreSQL: one per workspace, replaced, reset, cached per workspace. */
class OtlpMappingRepositoryTest extends DatabaseTest {

    OtlpMappingRepository repository;
    Workspace acme;
    Workspace other;

    @BeforeEach
    void repositories() {
        repository = new OtlpMappingRepository(jdbc, clock);
        acme = workspaces.create("Acme", Plan.TEAM);
        other = workspaces.create("Other", Plan.FREE);
    }

    private static OtlpMapping mapping(String json) {
        return OtlpMapping.read(Json.MAPPER.readTree(json), "", new ArrayList<>());
    }

    @Test
    void aWorkspacesMappingIsItsOwnAndIsReplacedAndReset() {
        assertThat(repository.find(acme.id())).isEmpty();

        repository.save(acme.id(), mapping("{\"tenantId\": [\"customer.id\"]}"));
        clock.advance(Duration.ofMinutes(1));
        StoredOtlpMapping saved = repository
                .save(acme.id(), mapping("{\"feature\": [\"app.feature\", \"spendline.feature\"]}"))
                .orElseThrow();

        StoredOtlpMapping found = repository.find(acme.id()).orElseThrow();
        assertThat(found).isEqualTo(saved);
        assertThat(found.updatedAt()).isEqualTo(Timestamps.now(clock));
        assertThat(found.mapping().changed()).containsOnlyKeys("feature");
        assertThat(found.mapping().names("tenantId")).containsExactly("spendline.tenant_id");
        assertThat(repository.find(other.id())).isEmpty();

        repository.reset(acme.id());
        assertThat(repository.find(acme.id())).isEmpty();
        repository.reset(acme.id()); // resetting the default is not an error
        // Saving a mapping that changes nothing is a reset too.
        repository.save(other.id(), mapping("{\"tenantId\": [\"x\"]}"));
        assertThat(repository.save(other.id(), OtlpMapping.DEFAULT)).isEmpty();
        assertThat(repository.find(other.id())).isEmpty();
    }

    @Test
    void theCacheServesEachWorkspaceItsOwnMappingAndForgetsOneOnRequest() {
        OtlpMappings mappings = new OtlpMappings(repository, Duration.ofHours(1));
        OtlpMapping custom = mapping("{\"tenantId\": [\"customer.id\"]}");
        repository.save(acme.id(), custom);

        assertThat(mappings.ifCached(acme.id())).isEmpty();
        assertThat(mappings.forWorkspace(acme.id())).isEqualTo(custom);
        assertThat(mappings.ifCached(acme.id())).contains(custom);
        assertThat(mappings.forWorkspace(other.id())).isEqualTo(OtlpMapping.DEFAULT);

        repository.reset(acme.id());
        assertThat(mappings.forWorkspace(acme.id()))
                .as("cached until invalidated")
                .isEqualTo(custom);
        mappings.invalidate(acme.id());
        assertThat(mappings.forWorkspace(acme.id())).isEqualTo(OtlpMapping.DEFAULT);
    }

    @Test
    void aStoredRowThatBreaksTheRulesFallsBackToTheDefault() {
        jdbc.sql(
                        "insert into otlp_mappings (workspace_id, mapping, updated_at) values (:ws, '{\"tenantId\": []}', :at)")
                .param("ws", acme.id())
                .param("at", Timestamps.toDb(Timestamps.now(clock)))
                .update();
        assertThat(new OtlpMappings(repository, Duration.ZERO).forWorkspace(acme.id()))
                .isEqualTo(OtlpMapping.DEFAULT);
    }
}
