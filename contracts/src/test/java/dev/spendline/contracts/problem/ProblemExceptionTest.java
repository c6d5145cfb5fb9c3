package dev.spendline.contracts.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ProblemExceptionTest {

    @Test
    void rendersTheStandardMembersTheCodeAndEveryFieldError() {
        ProblemException problem = new ProblemException(
                400,
                "invalid_budget",
                "Invalid budget",
                "2 problem(s)",
                List.of(new FieldError("/name", "is required")));

        JsonNode body = Json.MAPPER.readTree(ProblemJson.render(problem));

        assertThat(body.propertyNames()).containsExactly("type", "title", "status", "detail", "code", "errors");
        assertThat(body.get("type").asString()).isEqualTo("https://spendline.dev/problems/invalid_budget");
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("detail").asString()).isEqualTo("2 problem(s)").isEqualTo(problem.getMessage());
        assertThat(body.get("errors").get(0).get("pointer").asString()).isEqualTo("/name");
    }

    @Test
    void rendersExactlyWhatTheFieldRendererRenders() {
        ProblemException problem = new ProblemException(404, "unknown_alert", "Unknown alert", "No open alert a");

        assertThat(ProblemJson.render(problem))
                .isEqualTo(ProblemJson.render(404, "unknown_alert", "Unknown alert", "No open alert a", List.of()));
    }

    @Test
    void carriesHeadersAndAddsTheBearerChallengeToA401() {
        ProblemException busy = new ProblemException(409, "in_progress", "Busy", "later").retryAfter(1);
        ProblemException unauthorized =
                new ProblemException(401, "unauthorized", "No key", "send one").withHeader("Connection", "close");

        assertThat(busy.headers()).isEqualTo(Map.of("Retry-After", "1"));
        assertThat(busy.code()).isEqualTo("in_progress");
        assertThat(unauthorized.headers())
                .containsEntry("WWW-Authenticate", "Bearer")
                .containsEntry("Connection", "close");
    }

    @Test
    void anInternalErrorNamesOnlyItsIncident() {
        ProblemException problem = ProblemException.internalError("inc_42", "Nothing was changed");

        JsonNode body = Json.MAPPER.readTree(ProblemJson.render(problem));

        assertThat(body.get("status").asInt()).isEqualTo(500);
        assertThat(body.get("code").asString()).isEqualTo("internal_error");
        assertThat(body.get("incident").asString()).isEqualTo("inc_42");
        assertThat(body.get("detail").asString()).isEqualTo("Nothing was changed (incident inc_42)");
    }

    @Test
    void refusesAStatusThatIsNotAnError() {
        assertThatThrownBy(() -> new ProblemException(200, "ok", "OK", "fine"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void hasNoStackTrace() {
        assertThat(new ProblemException(404, "x", "X", "x").getStackTrace()).isEmpty();
    }

    @Test
    void namesARefusalKnownOnlyByItsStatusAfterItsReasonPhrase() {
        ProblemException problem = ProblemException.ofStatus(405, "Method Not Allowed", "use POST");

        assertThat(problem.code()).isEqualTo("method_not_allowed");
        assertThat(problem.title()).isEqualTo("Method Not Allowed");
        assertThat(problem.status()).isEqualTo(405);
    }
}
