package dev.spendline.streams.app;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import dev.spendline.internalapi.HttpQueries;
import dev.spendline.internalapi.InstanceCredential;
import dev.spendline.streams.query.RoutingQueries;
import java.time.Clock;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;

/**
 * The instance-to-instance query route, one for every {@link QueryType}:
 * {@code POST /internal/v1/queries/<name>} with the query record as JSON, served on the internal
 * port only ({@link InternalPortConfiguration}). Every request must carry a valid
 * {@link InstanceCredential} over its path and body; the body names the workspace, so a signature
 * cannot be moved to another workspace's query. A forwarded query is answered locally or not at
 * all (from the active task, or for {@link HttpQueries#TO_STANDBY} from a standby replica too),
 * so a query can never bounce between instances; an unforwarded one (from a query-api or
 * gateway that does not know partition ownership) is routed.
 */
@RestController
final class InternalQueryController {

    private static final Logger log = LoggerFactory.getLogger(InternalQueryController.class);
    private static final MediaType PROBLEM = MediaType.parseMediaType(ProblemJson.MEDIA_TYPE);

    private final RoutingQueries queries;
    private final InstanceCredential credential;
    private final Clock clock;

    InternalQueryController(RoutingQueries queries, InstanceCredential credential, Clock clock) {
        this.queries = queries;
        this.credential = credential;
        this.clock = clock;
    }

    @PostMapping(HttpQueries.PATH_PREFIX + "{name}")
    ResponseEntity<byte[]> answer(
            @PathVariable String name,
            @RequestBody(required = false) byte[] body,
            @RequestHeader(name = InstanceCredential.HEADER, required = false) String presented,
            @RequestHeader(name = HttpQueries.FORWARDED_HEADER, required = false) String forwarded) {
        byte[] bytes = body == null ? new byte[0] : body;
        InstanceCredential.Verdict verdict =
                credential.verify(presented, HttpQueries.PATH_PREFIX + name, bytes, clock.instant());
        if (verdict != InstanceCredential.Verdict.VALID) {
            // Before anything else, the name of the read included: an unauthenticated caller learns nothing.
            log.warn("Refused an internal query to {} without a valid instance credential: {}", name, verdict);
            return refused(verdict);
        }
        QueryType<?, ?> type = QueryType.named(name);
        if (type == null) {
            return problem(new ProblemException(404, "unknown_query", "Not Found", "No read is named " + name + "."));
        }
        return respond(HttpQueries.PATH_PREFIX + name, () -> answer(type, bytes, forwarded));
    }

    /**
     * The answer as JSON, written with the one shared mapper the client reads with (whatever
     * converters the management context has), or the failure as the shared problem+json: 503 while
     * partitions move, 400 for a query this instance cannot answer, 500 with a logged incident for
     * anything else.
     */
    static ResponseEntity<byte[]> respond(String path, Supplier<Object> answer) {
        try {
            return ResponseEntity.ok()
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(Json.MAPPER.writeValueAsBytes(answer.get()));
        } catch (QueryUnavailableException e) {
            return problem(new ProblemException(503, "query_unavailable", "Service Unavailable", e.getMessage())
                    .retryAfter(1));
        } catch (IllegalArgumentException e) {
            return problem(new ProblemException(400, "invalid_query", "Bad Request", e.getMessage()));
        } catch (RuntimeException e) {
            return problem(Incidents.record(log, "POST " + path, e, "The query failed; nothing was changed."));
        }
    }

    private static ResponseEntity<byte[]> problem(ProblemException problem) {
        ResponseEntity.BodyBuilder response =
                ResponseEntity.status(problem.status()).contentType(PROBLEM);
        problem.headers().forEach(response::header);
        return response.body(ProblemJson.render(problem));
    }

    private static ResponseEntity<byte[]> refused(InstanceCredential.Verdict verdict) {
        return problem(new ProblemException(401, "instance_unauthorized", "Unauthorized", refusal(verdict)));
    }

    private static String refusal(InstanceCredential.Verdict verdict) {
        return switch (verdict) {
            case MISSING -> "This port answers Spendline instances only: the request carries no "
                    + InstanceCredential.HEADER + " header.";
            case EXPIRED -> "The instance credential is outside the allowed clock skew.";
            default -> "The instance credential is not valid for this request.";
        };
    }

    /**
     * @param forwarded the {@link HttpQueries#FORWARDED_HEADER}: absent when a client that does not
     *     know ownership asks (routed here), {@link HttpQueries#TO_STANDBY} when another instance
     *     asks this one as a standby replica, anything else when it asks this one as the owner
     */
    private <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, byte[] body, String forwarded) {
        Q query;
        try {
            query = Json.MAPPER.readValue(body, type.argumentType());
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "The body is not a " + type.name() + " query: " + e.getOriginalMessage());
        }
        if (query == null || query.workspaceId() == null) {
            throw new IllegalArgumentException("The query names no workspace");
        }
        if (forwarded == null) {
            return queries.answer(type, query);
        }
        return HttpQueries.TO_STANDBY.equals(forwarded)
                ? queries.answerFromStandby(type, query)
                : queries.answerLocally(type, query);
    }
}
