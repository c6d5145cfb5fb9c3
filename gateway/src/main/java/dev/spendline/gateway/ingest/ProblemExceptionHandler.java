package dev.spendline.gateway.ingest;

import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.ErrorResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;

/**
 * The gateway's answer to whatever the ingest handler did not answer itself (an unknown path, a
 * failure outside the handler): the same problem+json as every Spendline error, a 4xx by its
 * status, anything else 500 {@code internal_error} with a logged incident id. Ordered before
 * Spring Boot's error handler, whose body would name the exception.
 */
@Order(-2)
final class ProblemExceptionHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ProblemExceptionHandler.class);

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(failure);
        }
        ProblemException problem = problemFor(
                failure,
                exchange.getRequest().getMethod() + " " + exchange.getRequest().getPath());
        response.setStatusCode(HttpStatusCode.valueOf(problem.status()));
        problem.headers().forEach((name, value) -> response.getHeaders().set(name, value));
        response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
        return response.writeWith(Mono.just(response.bufferFactory().wrap(ProblemJson.render(problem))));
    }

    static ProblemException problemFor(Throwable failure, String what) {
        if (failure instanceof ProblemException problem) {
            return problem;
        }
        if (failure instanceof ErrorResponse refusal && refusal.getStatusCode().is4xxClientError()) {
            HttpStatus status = HttpStatus.valueOf(refusal.getStatusCode().value());
            ProblemException problem = status == HttpStatus.NOT_FOUND
                    ? new ProblemException(
                            404,
                            "not_found",
                            "Not found",
                            "There is nothing at this path; events go to POST /api/v1/events")
                    : ProblemException.ofStatus(status.value(), status.getReasonPhrase(), status.getReasonPhrase());
            for (var header : refusal.getHeaders().headerSet()) {
                problem = problem.withHeader(header.getKey(), String.join(", ", header.getValue()));
            }
            return problem;
        }
        return Incidents.record(log, what, failure, "Nothing was accepted; retry later with the same externalIds");
    }
}
