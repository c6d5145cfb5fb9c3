package dev.spendline.gateway.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemException;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.JsonNode;

class ProblemExceptionHandlerTest {

    private final ProblemExceptionHandler handler = new ProblemExceptionHandler();

    private MockServerWebExchange handled(Throwable failure) {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.post("/api/v1/events"));
        handler.handle(exchange, failure).block();
        return exchange;
    }

    private static JsonNode body(MockServerWebExchange exchange) {
        return Json.MAPPER.readTree(exchange.getResponse().getBodyAsString().block());
    }

    @Test
    void rendersAProblemWithItsHeaders() {
        MockServerWebExchange exchange = handled(
                new ProblemException(503, "unavailable", "Temporarily unable to accept data", "retry").retryAfter(5));

        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(503);
        assertThat(exchange.getResponse().getHeaders().getFirst("Retry-After")).isEqualTo("5");
        assertThat(exchange.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(body(exchange).get("code").asString()).isEqualTo("unavailable");
    }

    @Test
    void answersAnUnknownPathWith404() {
        MockServerWebExchange exchange = handled(new ResponseStatusException(HttpStatus.NOT_FOUND));

        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(404);
        assertThat(body(exchange).get("code").asString()).isEqualTo("not_found");
    }

    @Test
    void answersAnUnexpectedFailureWith500WithoutInternals() {
        MockServerWebExchange exchange = handled(new IllegalStateException("broker kafka-3.internal:9092 is gone"));

        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(500);
        String text = exchange.getResponse().getBodyAsString().block();
        assertThat(text).doesNotContain("IllegalStateException").doesNotContain("kafka-3.internal");
        JsonNode body = Json.MAPPER.readTree(text);
        assertThat(body.get("code").asString()).isEqualTo("internal_error");
        assertThat(body.get("incident").asString()).startsWith("inc_");
    }
}
