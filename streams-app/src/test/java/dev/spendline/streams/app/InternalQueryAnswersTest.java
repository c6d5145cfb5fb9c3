package dev.spendline.streams.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.QueryUnavailableException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.JsonNode;

/** How the internal route answers: the shared problem+json for each failure, no internals in a 500. */
class InternalQueryAnswersTest {

    private static final String PATH = "/internal/v1/queries/spend_by";

    private static ResponseEntity<byte[]> failing(RuntimeException e) {
        return InternalQueryController.respond(PATH, () -> {
            throw e;
        });
    }

    @Test
    void answersAnUnavailableQueryWith503AndRetryAfter() {
        ResponseEntity<byte[]> answer = failing(new QueryUnavailableException("Kafka Streams is not running"));

        assertThat(answer.getStatusCode().value()).isEqualTo(503);
        assertThat(answer.getHeaders().getFirst("Retry-After")).isEqualTo("1");
        assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        JsonNode body = Json.MAPPER.readTree(answer.getBody());
        assertThat(body.get("code").asString()).isEqualTo("query_unavailable");
        assertThat(body.get("status").asInt()).isEqualTo(503);
        assertThat(body.get("detail").asString()).isEqualTo("Kafka Streams is not running");
        assertThat(body.get("type").asString()).isEqualTo("https://spendline.dev/problems/query_unavailable");
    }

    @Test
    void answersABadQueryWith400() {
        ResponseEntity<byte[]> answer = failing(new IllegalArgumentException("The query names no workspace"));

        assertThat(answer.getStatusCode().value()).isEqualTo(400);
        assertThat(Json.MAPPER.readTree(answer.getBody()).get("code").asString())
                .isEqualTo("invalid_query");
    }

    @Test
    void answersAnUnexpectedFailureWith500WithoutInternals() {
        ResponseEntity<byte[]> answer = failing(new IllegalStateException("store rollup-v3 is corrupt at /var/lib/x"));

        assertThat(answer.getStatusCode().value()).isEqualTo(500);
        String text = new String(answer.getBody());
        assertThat(text).doesNotContain("IllegalStateException").doesNotContain("rollup-v3");
        JsonNode body = Json.MAPPER.readTree(answer.getBody());
        assertThat(body.get("code").asString()).isEqualTo("internal_error");
        assertThat(body.get("incident").asString()).startsWith("inc_");
    }

    @Test
    void writesTheAnswerWithTheSharedMapper() {
        ResponseEntity<byte[]> answer =
                InternalQueryController.respond(PATH, () -> java.util.Map.of("rows", List.of()));

        assertThat(answer.getStatusCode().value()).isEqualTo(200);
        assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(new String(answer.getBody())).isEqualTo("{\"rows\":[]}");
    }
}
