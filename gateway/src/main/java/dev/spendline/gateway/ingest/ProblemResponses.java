package dev.spendline.gateway.ingest;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * A {@link ProblemException} as a WebFlux answer: its status, its headers ({@code Retry-After},
 * {@code Connection: close}, {@code WWW-Authenticate} on a 401) and the problem+json body every
 * Spendline service renders with {@link ProblemJson}.
 */
final class ProblemResponses {

    private ProblemResponses() {}

    static Mono<ServerResponse> of(ProblemException problem) {
        ServerResponse.BodyBuilder builder =
                ServerResponse.status(problem.status()).contentType(MediaType.APPLICATION_PROBLEM_JSON);
        problem.headers().forEach(builder::header);
        return builder.bodyValue(ProblemJson.render(problem));
    }
}
