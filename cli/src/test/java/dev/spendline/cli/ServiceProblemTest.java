package dev.spendline.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ServiceProblemTest {

    private static CliException problem(int status, String body) {
        return ServiceProblem.of(new ServiceClient.Reply(status, body, Json.parseOrNull(body)));
    }

    @Test
    void validationProblemsListEveryPointerOnOneLine() {
        CliException e = problem(
                400,
                """
                {"code": "invalid_action", "detail": "The action is invalid.",
                 "errors": [{"pointer": "/limitUsd", "message": "must be more than 0"},
                            {"pointer": "/name", "message": "must not be blank"}]}""");
        assertThat(e.exitCode()).isEqualTo(ExitCodes.ERROR);
        assertThat(e.getMessage())
                .isEqualTo("The action is invalid. (/limitUsd: must be more than 0; /name: must not be blank)"
                        + " [invalid_action, HTTP 400]");
        assertThat(e.problem().get("errors").size()).isEqualTo(2);
    }

    @Test
    void codesMapToTheirExitCodes() {
        assertThat(problem(401, "").exitCode()).isEqualTo(ExitCodes.AUTH);
        assertThat(problem(403, "{\"code\": \"plan_required\"}").exitCode()).isEqualTo(ExitCodes.PLAN);
        assertThat(problem(422, "{\"code\": \"wrong_phrase\"}").exitCode()).isEqualTo(ExitCodes.CONFIRMATION);
        assertThat(problem(410, "{\"code\": \"expired\"}").exitCode()).isEqualTo(ExitCodes.CONFIRMATION);
        assertThat(problem(404, "{\"code\": \"unknown_token\"}").exitCode()).isEqualTo(ExitCodes.CONFIRMATION);
        assertThat(problem(403, "{\"code\": \"other_credential\"}").exitCode()).isEqualTo(ExitCodes.CONFIRMATION);
        assertThat(problem(503, "<html>bad gateway</html>").getMessage())
                .isEqualTo("The service answered HTTP 503 [http_503, HTTP 503]");
    }
}
