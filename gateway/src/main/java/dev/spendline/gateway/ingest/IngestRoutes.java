package dev.spendline.gateway.ingest;

import static org.springframework.web.reactive.function.server.RequestPredicates.path;

import dev.spendline.contracts.problem.ProblemException;
import org.springframework.http.HttpStatus;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/** The ingest paths; any method but POST on them is answered 405 with {@code Allow: POST}. */
public final class IngestRoutes {

    public static final String EVENTS_PATH = "/api/v1/events";
    public static final String INTERNAL_USAGE_PATH = "/api/v1/internal-usage";
    /** OTLP/HTTP's traces path, so that an exporter's endpoint is the base URL itself (docs/opentelemetry.md). */
    public static final String TRACES_PATH = "/v1/traces";

    private IngestRoutes() {}

    static RouterFunction<ServerResponse> routes(IngestHandler handler) {
        return RouterFunctions.route()
                .POST(EVENTS_PATH, handler::events)
                .POST(INTERNAL_USAGE_PATH, handler::internalUsage)
                .POST(TRACES_PATH, handler::traces)
                .route(
                        path(EVENTS_PATH).or(path(INTERNAL_USAGE_PATH)).or(path(TRACES_PATH)),
                        IngestRoutes::methodNotAllowed)
                .build();
    }

    private static Mono<ServerResponse> methodNotAllowed(ServerRequest request) {
        return ProblemResponses.of(new ProblemException(
                        HttpStatus.METHOD_NOT_ALLOWED.value(),
                        "method_not_allowed",
                        "Method not allowed",
                        request.method() + " is not supported here; use POST")
                .withHeader("Allow", "POST"));
    }
}
