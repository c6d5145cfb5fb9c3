package dev.spendline.gateway.ingest;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.gateway.quota.QuotaExceededException;
import dev.spendline.gateway.quota.QuotaGuard;
import dev.spendline.gateway.quota.QuotaUnavailableException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * The two ingest endpoints. The body is read first, then every refusal is a
 * problem+json answer with a stable code, in this order of precedence: 401 credential, 415 content
 * type, 413 size, 400 JSON and validation (all errors at once, nothing written), 429 event quota
 * (new events only; resends of accepted pairs pass). Then the write to Kafka: 202 only after Kafka acknowledged every item, 503 with Retry-After when it could not in time.
 */
final class IngestHandler {

    private static final Logger log = LoggerFactory.getLogger(IngestHandler.class);
    private static final long RETRY_AFTER_SECONDS = 5;
    /** Bodies up to this many times the limit are read to the end before the 413. */
    private static final long DRAIN_FACTOR = 4;

    private final ApiKeyAuthenticator authenticator;
    private final EventPublisher publisher;
    private final IngestLimits limits;
    private final IngestMetrics metrics;
    private final Clock clock;
    private final RequestJson json;
    private final BatchParser batches;
    private final QuotaGuard quota;

    IngestHandler(
            ApiKeyAuthenticator authenticator,
            EventPublisher publisher,
            IngestLimits limits,
            IngestMetrics metrics,
            Clock clock,
            QuotaGuard quota) {
        this.quota = quota;
        this.authenticator = authenticator;
        this.publisher = publisher;
        this.limits = limits;
        this.metrics = metrics;
        this.clock = clock;
        this.json = new RequestJson(limits.maxJsonDepth());
        this.batches = new BatchParser(limits.maxBatchItems());
    }

    Mono<ServerResponse> events(ServerRequest request) {
        return ingest(request, IngestKind.EVENTS);
    }

    Mono<ServerResponse> internalUsage(ServerRequest request) {
        return ingest(request, IngestKind.INTERNAL_USAGE);
    }

    private <T, V> Mono<ServerResponse> ingest(ServerRequest request, IngestKind<T, V> kind) {
        Instant receivedAt = clock.instant();
        // The body is read (up to the limit) before anything else, so that every answer leaves the
        // kept-alive connection clean for the sender's next request; only a body over the limit is
        // left unread, and that answer closes the connection.
        return readBody(request)
                .flatMap(body -> authenticate(request).flatMap(principal -> principal
                        .map(p -> checked(request, kind, p, receivedAt, body))
                        .orElseGet(() -> Mono.error(new ProblemException(
                                HttpStatus.UNAUTHORIZED.value(),
                                "unauthorized",
                                "Missing or invalid API key",
                                "Send a workspace API key as 'Authorization: Bearer <API key>'. Keys are"
                                        + " created in the dashboard under API keys; a revoked key no"
                                        + " longer works.")))))
                .onErrorResume(ProblemException.class, refusal -> {
                    metrics.rejected(kind, refusal.code());
                    return ProblemResponses.of(refusal);
                })
                .onErrorResume(e -> {
                    metrics.rejected(kind, "internal_error");
                    return ProblemResponses.of(Incidents.record(
                            log,
                            "POST " + request.path() + " (" + kind.name() + ")",
                            e,
                            "Nothing was accepted; retry later with the same externalIds"));
                });
    }

    /**
     * The body, or {@link Body#TOO_LARGE} when it exceeds the limit. A body up to four times the
     * limit is still read to the end and discarded (see {@link BodyCollector}), so that the 413
     * reaches the sender and the connection stays usable; a larger one is left unread and the
     * answer closes the connection.
     */
    private Mono<Body> readBody(ServerRequest request) {
        long maxBytes = limits.maxBodySize().toBytes();
        long drainBytes = maxBytes * DRAIN_FACTOR;
        long announced = request.headers().contentLength().orElse(-1);
        if (announced > drainBytes) {
            return Mono.just(Body.TOO_LARGE_UNREAD);
        }
        return request.bodyToFlux(DataBuffer.class)
                .reduce(new BodyCollector(maxBytes, drainBytes, announced), BodyCollector::add)
                .map(collected -> collected.tooLarge() ? Body.TOO_LARGE : new Body(collected.bytes()))
                .defaultIfEmpty(new Body(new byte[0]))
                .onErrorResume(BodyCollector.TooLargeToDrain.class, e -> Mono.just(Body.TOO_LARGE_UNREAD));
    }

    /** A request body; {@code bytes} is null when it was larger than the limit. */
    private record Body(byte[] bytes) {
        static final Body TOO_LARGE = new Body(null);
        static final Body TOO_LARGE_UNREAD = new Body(null);
    }

    private Mono<Optional<Principal>> authenticate(ServerRequest request) {
        String header = request.headers().firstHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Mono.just(Optional.empty());
        }
        String secret = header.substring(7).trim();
        // Answered in place when cached (hits and misses alike). A cache miss reads the database:
        // never on an event loop (the gateway service on Netty), but in place on a servlet thread
        // (the standalone), where blocking is allowed and where a refusal must be written: one
        // written from a worker thread through the servlet adapter can leave a kept-alive
        // connection without its answer (docs/architecture.md, "Known limits").
        return authenticator
                .authenticateIfCached(secret)
                .map(Mono::just)
                .orElseGet(() -> Mono.defer(() -> {
                    Mono<Optional<Principal>> lookup = Mono.fromCallable(() -> authenticator.authenticate(secret));
                    return Schedulers.isInNonBlockingThread()
                            ? lookup.subscribeOn(Schedulers.boundedElastic())
                            : lookup;
                }));
    }

    private <T, V> Mono<ServerResponse> checked(
            ServerRequest request, IngestKind<T, V> kind, Principal principal, Instant receivedAt, Body body) {
        Optional<MediaType> type = request.headers().contentType();
        if (type.isEmpty() || !MediaType.APPLICATION_JSON.isCompatibleWith(type.get())) {
            return Mono.error(new ProblemException(
                    HttpStatus.UNSUPPORTED_MEDIA_TYPE.value(),
                    "unsupported_media_type",
                    "Unsupported content type",
                    "Send the body as JSON with 'Content-Type: application/json'"));
        }
        if (body == Body.TOO_LARGE) {
            return Mono.error(bodyTooLarge(limits.maxBodySize().toBytes()));
        }
        if (body == Body.TOO_LARGE_UNREAD) {
            // The rest of the body was not read: the connection cannot be reused.
            return Mono.error(bodyTooLarge(limits.maxBodySize().toBytes()).withHeader("Connection", "close"));
        }
        return accept(kind, principal, receivedAt, body.bytes());
    }

    private <T, V> Mono<ServerResponse> accept(
            IngestKind<T, V> kind, Principal principal, Instant receivedAt, byte[] body) {
        JsonNode root;
        try {
            root = json.parse(body);
        } catch (ProblemException malformed) {
            return Mono.error(malformed);
        }
        BatchParser.Result<V> result = batches.parse(root, kind, principal.workspaceId(), receivedAt);
        if (result instanceof BatchParser.TooMany<V> tooMany) {
            return Mono.error(new ProblemException(
                    HttpStatus.CONTENT_TOO_LARGE.value(),
                    "batch_too_large",
                    "Too many items in one request",
                    "The batch has " + tooMany.count() + " items; at most " + limits.maxBatchItems()
                            + " are accepted per request. Split it and send the parts separately."));
        }
        if (result instanceof BatchParser.Invalid<V> invalid) {
            return Mono.error(new ProblemException(
                    HttpStatus.BAD_REQUEST.value(),
                    "validation_failed",
                    "Invalid " + kind.name().replace('_', ' '),
                    invalid.errors().size() + " problem(s) in the request; nothing was accepted. Fix them and"
                            + " resend the whole request.",
                    invalid.errors()));
        }
        List<V> values = ((BatchParser.Accepted<V>) result).values();
        if (kind == IngestKind.EVENTS) {
            @SuppressWarnings("unchecked") // the events kind carries AcceptedEvent values
            List<AcceptedEvent> events = (List<AcceptedEvent>) values;
            return quota.check(principal, events)
                    .onErrorMap(QuotaExceededException.class, e -> quotaExceeded(e, principal))
                    .onErrorMap(QuotaUnavailableException.class, e -> {
                        log.warn(
                                "Resend check for workspace {} at its quota failed: {}",
                                principal.workspaceId(),
                                String.valueOf(e.getCause()));
                        return new ProblemException(
                                        HttpStatus.SERVICE_UNAVAILABLE.value(),
                                        "unavailable",
                                        "Temporarily unable to accept data",
                                        "This workspace has used its event quota and Spendline could not check in time"
                                                + " which events are resends. Nothing was accepted; retry the same request"
                                                + " later.")
                                .retryAfter(RETRY_AFTER_SECONDS);
                    })
                    .then(Mono.defer(() -> publish(kind, principal, receivedAt, values)));
        }
        return publish(kind, principal, receivedAt, values);
    }

    /** 429 until the quota resets at the start of the next month (UTC). */
    private ProblemException quotaExceeded(QuotaExceededException e, Principal principal) {
        Instant reset =
                e.month().plusMonths(1).atDay(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        long seconds = Math.max(1, Duration.between(clock.instant(), reset).toSeconds());
        return new ProblemException(
                        HttpStatus.TOO_MANY_REQUESTS.value(),
                        "quota_exceeded",
                        "Monthly event quota used up",
                        String.format(
                                "This workspace (plan %s) has accepted %d of its %d events for %s; this request has"
                                        + " %d new event(s), so nothing was accepted. Resends of events already"
                                        + " accepted (same source and externalId) are still accepted. The quota"
                                        + " resets at %s.",
                                principal.plan(), e.used(), e.limit(), e.month(), e.newEvents(), reset))
                .retryAfter(seconds);
    }

    private <V> Mono<ServerResponse> publish(
            IngestKind<?, V> kind, Principal principal, Instant receivedAt, List<V> values) {
        long started = System.nanoTime();
        return publisher
                .publish(kind.topic(), principal.workspaceId(), receivedAt, values)
                .onErrorMap(e -> {
                    log.warn(
                            "Kafka did not acknowledge {} {} for workspace {}: {}",
                            values.size(),
                            kind.name(),
                            principal.workspaceId(),
                            e instanceof TimeoutException ? "timed out" : e.toString());
                    return new ProblemException(
                                    HttpStatus.SERVICE_UNAVAILABLE.value(),
                                    "unavailable",
                                    "Temporarily unable to accept data",
                                    "The event log did not acknowledge the write in time. Retry the same request"
                                            + " later; items with a (source, externalId) are counted once.")
                            .retryAfter(RETRY_AFTER_SECONDS);
                })
                .then(Mono.defer(() -> {
                    metrics.produceLatency(kind, Duration.ofNanos(System.nanoTime() - started));
                    metrics.accepted(kind, values.size());
                    var body = Json.MAPPER
                            .createObjectNode()
                            .put("accepted", values.size())
                            .put("receivedAt", receivedAt.toString());
                    return ServerResponse.status(HttpStatus.ACCEPTED)
                            .contentType(MediaType.APPLICATION_JSON)
                            .bodyValue(Json.MAPPER.writeValueAsBytes(body));
                }));
    }

    private ProblemException bodyTooLarge(long maxBytes) {
        return new ProblemException(
                HttpStatus.CONTENT_TOO_LARGE.value(),
                "body_too_large",
                "Request body too large",
                "The body is larger than " + maxBytes + " bytes. Send fewer items per request.");
    }
}
