package dev.spendline.query.problems;

import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.tools.InvalidArgumentsException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.settings.SettingsUnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The query API's one error handler: every failure of every controller becomes problem+json with a
 * stable {@code code}. A {@link ProblemException} is rendered as given; Kafka or the stores being
 * unreachable is 503 {@code unavailable} with {@code Retry-After}, worded by the controller's
 * {@link WhenUnavailable}; Spring MVC's own refusals (unknown path, wrong method or content type,
 * missing parameter, unreadable body) get their status and a code; anything else is 500 {@code
 * internal_error} naming an incident id that is logged with the failure (see {@link Incidents}).
 * Errors outside controllers (filters, {@code sendError}) reach {@link ProblemErrorController}.
 *
 * <p>Lowest precedence, so a scoped advice (the streams instance's internal query route, when it
 * runs in the same application) answers its own controller first.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public final class ProblemHandler {

    static final String INTERNAL_DETAIL =
            "The request failed on our side; retry later and quote the incident id if it keeps failing";

    private static final Logger log = LoggerFactory.getLogger(ProblemHandler.class);
    static final WhenUnavailable GENERIC_UNAVAILABLE = Generic.class.getAnnotation(WhenUnavailable.class);

    @ExceptionHandler(ProblemException.class)
    ResponseEntity<byte[]> problem(ProblemException e) {
        return Problems.response(e);
    }

    @ExceptionHandler(InvalidArgumentsException.class)
    ResponseEntity<byte[]> invalidArguments(InvalidArgumentsException e) {
        return Problems.response(invalidArgumentsProblem(e));
    }

    /**
     * A read tool's arguments refused: 400 {@code invalid_parameters} with every problem. Public so
     * every surface of the read tools (REST here, MCP's tool errors) answers with the same code.
     */
    public static ProblemException invalidArgumentsProblem(InvalidArgumentsException e) {
        return new ProblemException(
                400,
                "invalid_parameters",
                "Invalid report parameters",
                e.errors().size() + " problem(s) with the parameters",
                e.errors());
    }

    @ExceptionHandler({QueryUnavailableException.class, SettingsUnavailableException.class})
    ResponseEntity<byte[]> unavailable(RuntimeException e, HandlerMethod handler, HttpServletRequest request) {
        log.warn("{} {} not served: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        WhenUnavailable wording = handler == null
                ? null
                : AnnotatedElementUtils.findMergedAnnotation(handler.getBeanType(), WhenUnavailable.class);
        return Problems.response(unavailable(wording == null ? GENERIC_UNAVAILABLE : wording));
    }

    /** Everything else: Spring MVC's refusals by status, the rest as 500 with an incident id. */
    @ExceptionHandler(Exception.class)
    ResponseEntity<byte[]> other(Exception e, HttpServletRequest request) throws Exception {
        if (e instanceof AccessDeniedException || e instanceof AuthenticationException) {
            throw e; // Spring Security's filters answer these (401 / 403), not a 500
        }
        return Problems.response(problemFor(e, request.getMethod() + " " + request.getRequestURI()));
    }

    static ProblemException unavailable(WhenUnavailable wording) {
        return new ProblemException(503, "unavailable", wording.title(), wording.detail())
                .retryAfter(wording.retryAfterSeconds());
    }

    /**
     * The answer to any failure: a problem as given, a Spring MVC refusal by its status, anything
     * else an incident (logged here, with {@code what} naming the request).
     */
    static ProblemException problemFor(Throwable e, String what) {
        if (e instanceof ProblemException problem) {
            return problem;
        }
        java.util.Optional<ProblemException> refusal = ContainerRefusals.of(e);
        if (refusal.isPresent()) {
            return refusal.get();
        }
        if (e instanceof ErrorResponse response && response.getStatusCode().value() == 413) {
            return bodyTooLarge();
        }
        if (e instanceof MethodArgumentTypeMismatchException m) {
            return invalidParameters(new FieldError(m.getName(), "is not a valid value"));
        }
        if (e instanceof HttpMessageNotReadableException) {
            return new ProblemException(
                    400, "malformed_json", "Malformed JSON", "The body is missing or is not valid JSON");
        }
        if (e instanceof org.springframework.web.multipart.MultipartException) {
            // A multipart content type whose body the container cannot parse (no boundary, cut
            // short): the client's request, not our failure. Too large a body is a 413 above.
            return ProblemException.ofStatus(
                    400,
                    "Bad Request",
                    "The multipart body could not be read; send it with its boundary (docs/api.md)");
        }
        if (e instanceof ErrorResponse response && response.getStatusCode().value() == 503) {
            log.warn("{} not served: {}", what, e.toString());
            return unavailable(GENERIC_UNAVAILABLE); // e.g. an async request that timed out
        }
        if (e instanceof ErrorResponse response && response.getStatusCode().is4xxClientError()) {
            return refusal(e, response.getStatusCode().value(), headers(response.getHeaders()));
        }
        return Incidents.record(log, what, e, INTERNAL_DETAIL);
    }

    private static ProblemException refusal(Throwable e, int status, Map<String, String> headers) {
        ProblemException problem;
        if (e instanceof NoResourceFoundException || e instanceof NoHandlerFoundException) {
            problem = notFound();
        } else if (e instanceof HttpRequestMethodNotSupportedException m) {
            problem = new ProblemException(
                    405,
                    "method_not_allowed",
                    "Method not allowed",
                    "This path does not take " + m.getMethod() + "; it takes "
                            + headers.getOrDefault(HttpHeaders.ALLOW, "no method"));
        } else if (e instanceof HttpMediaTypeNotSupportedException) {
            problem = new ProblemException(
                    415,
                    "unsupported_media_type",
                    "Unsupported content type",
                    "Send the body as JSON with 'Content-Type: application/json'");
        } else if (e instanceof HttpMediaTypeNotAcceptableException) {
            problem = new ProblemException(
                    406,
                    "not_acceptable",
                    "Not acceptable",
                    "Answers are application/json, errors application/problem+json; accept those");
        } else if (e instanceof MissingServletRequestParameterException m) {
            problem = invalidParameters(new FieldError(m.getParameterName(), "is required"));
        } else {
            HttpStatus known = HttpStatus.resolve(status);
            String phrase = known == null ? "Bad Request" : known.getReasonPhrase();
            problem = ProblemException.ofStatus(
                    status, phrase, phrase + "; see docs/api.md for the endpoints and what they take");
        }
        for (Map.Entry<String, String> header : headers.entrySet()) {
            problem = problem.withHeader(header.getKey(), header.getValue());
        }
        return problem;
    }

    static ProblemException bodyTooLarge() {
        return new ProblemException(
                413,
                "body_too_large",
                "Request body too large",
                "The body is larger than this endpoint accepts; see docs/api.md for the limits");
    }

    /** 413 naming the endpoint's limit, so the sender knows how much to split. */
    public static ProblemException bodyTooLarge(long limitBytes) {
        return new ProblemException(
                413,
                "body_too_large",
                "Request body too large",
                "The body is larger than the " + limitBytes + " bytes this endpoint accepts; see docs/api.md for"
                        + " the limits");
    }

    /** The one answer for a path that is not there (or not there for this caller), everywhere in the API. */
    public static ProblemException notFound() {
        return new ProblemException(
                404, "not_found", "Not found", "There is nothing at this path; see docs/api.md for the endpoints");
    }

    private static ProblemException invalidParameters(FieldError error) {
        return new ProblemException(
                400, "invalid_parameters", "Invalid parameters", "1 problem(s) with the parameters", List.of(error));
    }

    /** The headers Spring MVC chose for the refusal ({@code Allow}, {@code Accept}), each value joined. */
    private static Map<String, String> headers(HttpHeaders headers) {
        Map<String, String> flat = new LinkedHashMap<>();
        headers.forEach((name, values) -> flat.put(name, String.join(", ", values)));
        return flat;
    }

    @WhenUnavailable(
            retryAfterSeconds = 5,
            title = "Temporarily unavailable",
            detail = "Kafka or the workspace's data cannot be reached right now; nothing was changed. Retry shortly.")
    private static final class Generic {}
}
