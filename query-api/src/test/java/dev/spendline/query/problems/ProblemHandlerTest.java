package dev.spendline.query.problems;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.validation.FieldError;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

class ProblemHandlerTest {

    private static final String SECRET = "jdbc:postgresql://db.internal:5432 refused the password";

    private final MockMvc mvc = MockMvcBuilders.standaloneSetup(new Worded(), new Plain())
            .setControllerAdvice(new ProblemHandler())
            .build();
    private final Logger logger = (Logger) LoggerFactory.getLogger(ProblemHandler.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();

    @BeforeEach
    void captureTheLog() {
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void releaseTheLog() {
        logger.detachAppender(logged);
    }

    @Test
    void rendersAProblemExceptionAsGivenWithItsHeaders() throws Exception {
        MvcResult result = mvc.perform(get("/t/problem")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(409);
        assertThat(result.getResponse().getContentType()).isEqualTo("application/problem+json");
        assertThat(result.getResponse().getHeader("Retry-After")).isEqualTo("1");
        JsonNode body = body(result);
        assertThat(body.get("code").asString()).isEqualTo("in_progress");
        assertThat(body.get("title").asString()).isEqualTo("Confirmation in progress");
        assertThat(body.get("detail").asString()).isEqualTo("repeat shortly");
        assertThat(body.get("type").asString()).isEqualTo("https://spendline.dev/problems/in_progress");
        assertThat(body.get("errors").get(0).get("pointer").asString()).isEqualTo("/confirmationPhrase");
    }

    @Test
    void answersInvalidToolArgumentsWithEveryProblem() throws Exception {
        MvcResult result = mvc.perform(get("/t/arguments")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        JsonNode body = body(result);
        assertThat(body.get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(body.get("title").asString()).isEqualTo("Invalid report parameters");
        assertThat(body.get("detail").asString()).isEqualTo("2 problem(s) with the parameters");
        assertThat(body.get("errors")).hasSize(2);
    }

    @Test
    void wordsA503AsTheControllerSaysWithItsRetryAfter() throws Exception {
        MvcResult result = mvc.perform(get("/t/worded/unavailable")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(503);
        assertThat(result.getResponse().getHeader("Retry-After")).isEqualTo("2");
        JsonNode body = body(result);
        assertThat(body.get("code").asString()).isEqualTo("unavailable");
        assertThat(body.get("title").asString()).isEqualTo("Reports are temporarily unavailable");
        assertThat(body.get("detail").asString()).isEqualTo("moving; retry shortly.");
        assertThat(body.toString()).doesNotContain("rebalancing");
    }

    @Test
    void wordsA503GenericallyForAControllerThatSaysNothing() throws Exception {
        MvcResult result = mvc.perform(get("/t/plain/unavailable")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(503);
        assertThat(result.getResponse().getHeader("Retry-After")).isEqualTo("5");
        assertThat(body(result).get("title").asString()).isEqualTo("Temporarily unavailable");
    }

    @Test
    void aMultipartBodyTheContainerCannotParseIsABadRequestNotAnIncident() {
        // What PublicPortFuzzIT met (seed 3931757306417797739): multipart/form-data without a boundary.
        dev.spendline.contracts.problem.ProblemException problem = ProblemHandler.problemFor(
                new org.springframework.web.multipart.MultipartException("Failed to parse multipart servlet request"),
                "PUT /api/v1/settings/revenue/x");

        assertThat(problem.status()).isEqualTo(400);
        assertThat(problem.detail()).contains("multipart body could not be read");
        assertThat(logged.list).isEmpty();
    }

    @Test
    void answersAnUnexpectedFailureWith500NamingOnlyAnIncidentThatIsLogged() throws Exception {
        MvcResult result = mvc.perform(get("/t/broken")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(500);
        assertThat(result.getResponse().getContentType()).isEqualTo("application/problem+json");
        String text = result.getResponse().getContentAsString();
        assertThat(text)
                .doesNotContain("IllegalStateException")
                .doesNotContain("java.")
                .doesNotContain("db.internal")
                .doesNotContain(SECRET)
                .doesNotContain("Worded")
                .doesNotContain("trace");
        JsonNode body = body(result);
        assertThat(body.get("code").asString()).isEqualTo("internal_error");
        assertThat(body.get("status").asInt()).isEqualTo(500);
        String incident = body.get("incident").asString();
        assertThat(incident).matches("inc_[a-km-np-z2-9]{20}");
        assertThat(body.get("detail").asString()).contains(incident);

        ILoggingEvent event = logged.list.stream()
                .filter(e -> e.getFormattedMessage().contains(incident))
                .findFirst()
                .orElseThrow();
        assertThat(event.getLevel()).isEqualTo(Level.ERROR);
        assertThat(event.getFormattedMessage()).contains("GET /t/broken");
        assertThat(event.getThrowableProxy().getClassName()).isEqualTo(IllegalStateException.class.getName());
        assertThat(event.getThrowableProxy().getMessage()).isEqualTo(SECRET);
        assertThat(event.getThrowableProxy().getStackTraceElementProxyArray()).isNotEmpty();
    }

    @Test
    void givesEachIncidentItsOwnId() throws Exception {
        String first =
                body(mvc.perform(get("/t/broken")).andReturn()).get("incident").asString();
        String second =
                body(mvc.perform(get("/t/broken")).andReturn()).get("incident").asString();

        assertThat(first).isNotEqualTo(second);
    }

    @Test
    void answersAnUnknownPathWith404() throws Exception {
        MvcResult result = mvc.perform(get("/t/nothing-here")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(404);
        assertThat(body(result).get("code").asString()).isEqualTo("not_found");
    }

    @Test
    void answersAWrongMethodWith405AndTheAllowedOnes() throws Exception {
        MvcResult result = mvc.perform(post("/t/problem")).andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(405);
        assertThat(result.getResponse().getHeader("Allow")).isEqualTo("GET");
        JsonNode body = body(result);
        assertThat(body.get("code").asString()).isEqualTo("method_not_allowed");
        assertThat(body.get("detail").asString()).isEqualTo("This path does not take POST; it takes GET");
    }

    @Test
    void answersAWrongContentTypeWith415() throws Exception {
        MvcResult result = mvc.perform(
                        post("/t/json").contentType(MediaType.TEXT_PLAIN).content("hello"))
                .andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(415);
        assertThat(body(result).get("code").asString()).isEqualTo("unsupported_media_type");
    }

    @Test
    void answersAMissingBodyWith400() throws Exception {
        MvcResult result = mvc.perform(post("/t/json").contentType(MediaType.APPLICATION_JSON))
                .andReturn();

        assertThat(result.getResponse().getStatus()).isEqualTo(400);
        assertThat(body(result).get("code").asString()).isEqualTo("malformed_json");
    }

    @Test
    void answersAMissingOrMalformedParameterWith400NamingIt() throws Exception {
        MvcResult missing = mvc.perform(get("/t/param")).andReturn();
        MvcResult malformed =
                mvc.perform(get("/t/param").param("limit", "many")).andReturn();

        assertThat(missing.getResponse().getStatus()).isEqualTo(400);
        assertThat(body(missing).get("code").asString()).isEqualTo("invalid_parameters");
        assertThat(body(missing).get("errors").get(0).get("pointer").asString()).isEqualTo("limit");
        assertThat(malformed.getResponse().getStatus()).isEqualTo(400);
        assertThat(body(malformed).get("errors").get(0).get("pointer").asString())
                .isEqualTo("limit");
    }

    @Test
    void leavesAccessDecisionsToSpringSecurity() {
        assertThatThrownBy(() -> mvc.perform(get("/t/denied")))
                .isInstanceOf(ServletException.class)
                .hasCauseInstanceOf(AccessDeniedException.class);
    }

    @Test
    void theErrorPathAnswersAFilterFailureWith500WithoutInternals() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
        request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/api/v1/budgets");
        request.setAttribute(
                RequestDispatcher.ERROR_EXCEPTION, new ServletException(new IllegalStateException(SECRET)));

        ResponseEntity<byte[]> answer = new ProblemErrorController().error(request);

        assertThat(answer.getStatusCode().value()).isEqualTo(500);
        String text = new String(answer.getBody());
        assertThat(text).doesNotContain("IllegalStateException").doesNotContain(SECRET);
        JsonNode body = Json.MAPPER.readTree(answer.getBody());
        assertThat(body.get("code").asString()).isEqualTo("internal_error");
        String incident = body.get("incident").asString();
        assertThat(logged.list)
                .anySatisfy(e -> assertThat(e.getFormattedMessage()).contains(incident, "GET /api/v1/budgets"));
    }

    /** The error dispatch is a GET (Servlet 6.1); the incident names the method that failed. */
    @Test
    void theErrorPathLogsTheFailedRequestsOwnMethod() throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
        request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/oauth2/token");
        request.setAttribute(RequestDispatcher.ERROR_METHOD, "POST");
        request.setAttribute(
                RequestDispatcher.ERROR_EXCEPTION, new ServletException(new IllegalStateException(SECRET)));

        ResponseEntity<byte[]> answer = new ProblemErrorController().error(request);

        String incident = Json.MAPPER.readTree(answer.getBody()).get("incident").asString();
        assertThat(logged.list)
                .anySatisfy(e -> assertThat(e.getFormattedMessage()).contains(incident, "POST /oauth2/token"));
    }

    /** What Tomcat and the firewall raise when a filter first reads the parameters is the client's 4xx. */
    @Test
    void theErrorPathAnswersContainerRefusalsAsTheClientsFault() throws Exception {
        Map<Throwable, String> refusals = Map.of(
                new org.apache.tomcat.util.http.InvalidParameterException("too big", 413), "body_too_large",
                new org.apache.tomcat.util.http.InvalidParameterException("bad %zz", 400), "malformed_parameters",
                new IllegalStateException(
                                new org.apache.tomcat.util.http.fileupload.impl.FileSizeLimitExceededException(
                                        "file too big", 2, 1)),
                        "body_too_large",
                new org.springframework.security.web.firewall.RequestRejectedException("name \" \" not allowed"),
                        "request_rejected");
        for (Map.Entry<Throwable, String> refusal : refusals.entrySet()) {
            MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
            request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, "/signin");
            request.setAttribute(RequestDispatcher.ERROR_EXCEPTION, new ServletException(refusal.getKey()));

            ResponseEntity<byte[]> answer = new ProblemErrorController().error(request);

            assertThat(answer.getStatusCode().value()).as(refusal.getValue()).isBetween(400, 499);
            assertThat(Json.MAPPER.readTree(answer.getBody()).get("code").asString())
                    .isEqualTo(refusal.getValue());
            assertThat(new String(answer.getBody())).doesNotContain("Exception");
        }
        assertThat(logged.list).as("no incidents").isEmpty();
    }

    @Test
    void theErrorPathAnswersAProblemFromAFilterAsGiven() {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", "/error");
        request.setAttribute(
                RequestDispatcher.ERROR_EXCEPTION,
                new ServletException(new ProblemException(429, "rate_limited", "Slow down", "later")));

        ResponseEntity<byte[]> answer = new ProblemErrorController().error(request);

        assertThat(answer.getStatusCode().value()).isEqualTo(429);
        assertThat(Json.MAPPER.readTree(answer.getBody()).get("code").asString())
                .isEqualTo("rate_limited");
    }

    @Test
    void theErrorPathAnswersASentErrorByItsStatus() {
        MockHttpServletRequest notFound = new MockHttpServletRequest("GET", "/error");
        notFound.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 404);
        MockHttpServletRequest forbidden = new MockHttpServletRequest("GET", "/error");
        forbidden.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 403);

        ResponseEntity<byte[]> first = new ProblemErrorController().error(notFound);
        ResponseEntity<byte[]> second = new ProblemErrorController().error(forbidden);

        assertThat(first.getStatusCode().value()).isEqualTo(404);
        assertThat(first.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        assertThat(Json.MAPPER.readTree(first.getBody()).get("code").asString()).isEqualTo("not_found");
        assertThat(second.getStatusCode().value()).isEqualTo(403);
        assertThat(Json.MAPPER.readTree(second.getBody()).get("code").asString())
                .isEqualTo("forbidden");
    }

    private static JsonNode body(MvcResult result) {
        return Json.MAPPER.readTree(result.getResponse().getContentAsByteArray());
    }

    @RestController
    @WhenUnavailable(
            retryAfterSeconds = 2,
            title = "Reports are temporarily unavailable",
            detail = "moving; retry shortly.")
    static final class Worded {

        @GetMapping("/t/problem")
        String problem() {
            throw new ProblemException(
                            409,
                            "in_progress",
                            "Confirmation in progress",
                            "repeat shortly",
                            List.of(new FieldError("/confirmationPhrase", "wait")))
                    .retryAfter(1);
        }

        @GetMapping("/t/arguments")
        String arguments() {
            throw new InvalidArgumentsException(
                    List.of(new FieldError("by", "is required"), new FieldError("limit", "must be 1-1000")));
        }

        @GetMapping("/t/worded/unavailable")
        String unavailable() {
            throw new QueryUnavailableException("rebalancing");
        }

        @GetMapping("/t/broken")
        String broken() {
            throw new IllegalStateException(SECRET);
        }

        @GetMapping("/t/denied")
        String denied() {
            throw new AccessDeniedException("no");
        }

        @PostMapping(path = "/t/json", consumes = MediaType.APPLICATION_JSON_VALUE)
        String json(@RequestBody byte[] body) {
            return "ok";
        }

        @GetMapping("/t/param")
        String param(@RequestParam int limit) {
            return "ok";
        }
    }

    @RestController
    static final class Plain {

        @GetMapping("/t/plain/unavailable")
        String unavailable() {
            throw new QueryUnavailableException("Kafka Streams is not running");
        }
    }
}
