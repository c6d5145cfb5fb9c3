package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The 202 body, written without a mapper, is the JSON the mapper wrote before. */
class AcceptedAnswerTest {

    @Test
    void isTheMappersJsonForEveryKindOfInstant() {
        for (String at : new String[] {
            "2026-11-26T19:30:00Z",
            "2026-11-26T19:30:00.100Z",
            "2026-11-26T19:30:00.123456789Z",
            "2026-01-01T00:00:00.000001Z"
        }) {
            Instant receivedAt = Instant.parse(at);
            for (int items : new int[] {1, 100, 1000}) {
                byte[] expected = Json.MAPPER.writeValueAsBytes(
                        Json.MAPPER.createObjectNode().put("accepted", items).put("receivedAt", receivedAt.toString()));
                assertThat(new String(IngestHandler.acceptedBody(items, receivedAt)))
                        .isEqualTo(new String(expected));
            }
        }
    }
}
