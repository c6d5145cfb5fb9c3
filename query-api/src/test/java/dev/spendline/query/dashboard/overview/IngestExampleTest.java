package dev.spendline.query.dashboard.overview;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** What the empty overview shows is checked against the gateway's own event reader. */
class IngestExampleTest {

    private static final Instant NOW = Instant.parse("2026-11-26T12:00:00Z");

    @Test
    void theExampleEventIsAcceptedByTheGatewaysReader() {
        List<FieldError> errors = new ArrayList<>();
        assertThat(ProductEventReader.read(Json.MAPPER.readTree(IngestExample.EVENT), "", NOW, errors))
                .isNotNull();
        assertThat(errors).isEmpty();
    }

    @Test
    void theFieldsCalledOptionalMayBeLeftOutAndTheIdentityGoesTogether() {
        ObjectNode event = (ObjectNode) Json.MAPPER.readTree(IngestExample.EVENT);
        IngestExample.IDENTITY.forEach(event::remove);
        IngestExample.ATTRIBUTION.forEach(event::remove);
        List<FieldError> errors = new ArrayList<>();
        assertThat(ProductEventReader.read(event, "", NOW, errors)).isNotNull();
        assertThat(errors).isEmpty();
        assertThat(IngestExample.requiredFields())
                .doesNotContainAnyElementsOf(IngestExample.IDENTITY)
                .doesNotContainAnyElementsOf(IngestExample.ATTRIBUTION);

        event.put("source", "web-backend");
        ProductEventReader.read(event, "", NOW, errors);
        assertThat(errors).extracting(FieldError::pointer).containsExactly("/externalId");
    }

    @Test
    void everyRequiredFieldIsInTheExample() {
        assertThat(IngestExample.requiredFields()).isNotEmpty().allSatisfy(field -> assertThat(IngestExample.EVENT)
                .contains("\"" + field + "\":"));
    }

    @Test
    void theCurlPostsTheEventToThisInstallationWithTheKeyFromTheShell() {
        assertThat(IngestExample.curl("http://localhost:8080/"))
                .startsWith("curl -sS -X POST \"http://localhost:8080/api/v1/events\"")
                .contains("Bearer $SPENDLINE_API_KEY")
                .endsWith("-d '" + IngestExample.EVENT + "'");
    }
}
