package dev.spendline.gateway.ingest;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import dev.spendline.contracts.event.ProductEvent;
import dev.spendline.contracts.problem.Incidents;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.usage.AcceptedUsageRow;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.keys.ApiKeyAuthenticator;
import dev.spendline.controlplane.oauth.FirstPartyClients;
import dev.spendline.controlplane.oauth.OAuthAccessTokens;
import dev.spendline.controlplane.oauth.OAuthIdentity;
import dev.spendline.controlplane.oauth.OAuthTokenException;
import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.otlp.OtlpMappings;
import dev.spendline.gateway.otlp.GenAiSpanMapper;
import dev.spendline.gateway.otlp.OtlpCodec;
import dev.spendline.gateway.quota.QuotaExceededException;
import dev.spendline.gateway.quota.QuotaGuard;
import dev.spendline.gateway.quota.QuotaUnavailableException;
import dev.spendline.topics.Topics;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.util.UriComponentsBuilder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;

/**
 * The ingest endpoints (events, internal usage, and OTLP traces: {@link #traces}). The body is read first, then every refusal is a
 * problem+json answer with a stable code, in this order of precedence: 401 credential (403
 * {@code insufficient_scope} for a collector's access token on events), 415 content type, 413 size,
 * 400 JSON and validation (all errors at once, nothing written), 403 {@code employee_mismatch} (rows
 * sent with a collector's access token naming another employee), 429 event quota (new events only;
 * resends of accepted pairs pass).
 *
 * <p>The credential is a workspace API key ({@code spl_…}) or, on internal usage, an OAuth access
 * token of the collector client ({@code usage:write}, audience {@code {base_url}/api/v1/internal-usage}),
 * checked by the control plane's {@link OAuthAccessTokens} as the MCP endpoint checks its tokens. Then the write to Kafka: 202 only after Kafka acknowledged every item, 503 with Retry-After when it could not in time.
 */
final class IngestHandler {

    private static final Logger log = LoggerFactory.getLogger(IngestHandler.class);
    private static final long RETRY_AFTER_SECONDS = 5;
    /** Bodies up to this many times the limit are read to the end before the 413. */
    private static final long DRAIN_FACTOR = 4;

    private final ApiKeyAuthenticator authenticator;
    private final OAuthAccessTokens accessTokens;
    /** {@code spendline.base-url} without a trailing slash; null: each request's own origin. */
    private final String baseUrl;

    private final EventPublisher publisher;
    private final IngestLimits limits;
    private final IngestMetrics metrics;
    private final Clock clock;
    private final RequestJson json;
    private final BatchParser batches;
    private final DirectEventReader direct;
    private final QuotaGuard quota;
    private final OtlpMappings otlpMappings;

    IngestHandler(
            ApiKeyAuthenticator authenticator,
            OAuthAccessTokens accessTokens,
            String baseUrl,
            EventPublisher publisher,
            IngestLimits limits,
            IngestMetrics metrics,
            Clock clock,
            QuotaGuard quota,
            OtlpMappings otlpMappings) {
        this.quota = quota;
        this.otlpMappings = otlpMappings;
        this.authenticator = authenticator;
        this.accessTokens = accessTokens;
        this.baseUrl = baseUrl == null || baseUrl.isBlank()
                ? null
                : baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.publisher = publisher;
        this.limits = limits;
        this.metrics = metrics;
        this.clock = clock;
        this.json = new RequestJson(limits.maxJsonDepth());
        this.batches = new BatchParser(limits.maxBatchItems());
        this.direct = new DirectEventReader(limits.maxBatchItems(), limits.maxJsonDepth());
    }

    Mono<ServerResponse> events(ServerRequest request) {
        return ingest(request, IngestKind.EVENTS);
    }

    Mono<ServerResponse> internalUsage(ServerRequest request) {
        return ingest(request, IngestKind.INTERNAL_USAGE);
    }

    /**
     * OTLP/HTTP traces ({@code /v1/traces}): the spans that are GenAI model calls become product
     * events, with the same credential, limits, quota and write as {@link #events}; answered with
     * an {@code ExportTraceServiceResponse} (or, refused, a {@code google.rpc.Status}) in the
     * request's encoding. Attribution follows the workspace's OTLP mapping ({@link OtlpMappings}).
     * See docs/opentelemetry.md.
     */
    Mono<ServerResponse> traces(ServerRequest request) {
        Instant receivedAt = clock.instant();
        OtlpCodec codec = OtlpCodec.of(request.headers().firstHeader(HttpHeaders.CONTENT_TYPE));
        // A refusal is written in the request's encoding; protobuf, OTLP's default, when it has none we know.
        OtlpCodec answerIn = codec == null ? OtlpCodec.PROTOBUF : codec;
        return handled(
                request,
                IngestKind.EVENTS,
                IngestMetrics.OTLP_TRACES,
                refusal -> otlpRefusal(refusal, answerIn),
                (caller, body) -> tracesChecked(request, codec, caller, receivedAt, body));
    }

    private <T, V> Mono<ServerResponse> ingest(ServerRequest request, IngestKind<T, V> kind) {
        Instant receivedAt = clock.instant();
        return handled(
                request,
                kind,
                kind.name(),
                ProblemResponses::of,
                (caller, body) -> checked(request, kind, caller, receivedAt, body));
    }

    /**
     * The steps every ingest path shares: the body is read (up to the limit) before anything else,
     * so that every answer leaves the kept-alive connection clean for the sender's next request
     * (only a body over the limit is left unread, and that answer closes the connection); then the
     * credential; then the path's own {@code checked} steps. A refusal is written by {@code refused}.
     *
     * @param kind what the credential must allow
     * @param metricKind the {@code kind} tag of the path's meters
     */
    private Mono<ServerResponse> handled(
            ServerRequest request,
            IngestKind<?, ?> kind,
            String metricKind,
            Function<ProblemException, Mono<ServerResponse>> refused,
            BiFunction<Caller, Body, Mono<ServerResponse>> checked) {
        return readBody(request)
                .flatMap(body -> authenticate(request, kind).flatMap(caller -> checked.apply(caller, body)))
                .onErrorResume(ProblemException.class, refusal -> {
                    metrics.rejected(metricKind, refusal.code());
                    return refused.apply(refusal);
                })
                .onErrorResume(e -> {
                    metrics.rejected(metricKind, "internal_error");
                    return refused.apply(Incidents.record(
                            log,
                            "POST " + request.path() + " (" + metricKind + ")",
                            e,
                            "Nothing was accepted; retry later with the same externalIds"));
                });
    }

    private static Mono<ServerResponse> otlpRefusal(ProblemException problem, OtlpCodec codec) {
        ServerResponse.BodyBuilder builder =
                ServerResponse.status(problem.status()).header(HttpHeaders.CONTENT_TYPE, codec.contentType);
        problem.headers().forEach(builder::header);
        return builder.bodyValue(codec.status(problem));
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

    /**
     * Who sends: a workspace API key, or (internal usage only) an OAuth access token whose rows must
     * name its user ({@link Caller#pinnedEmail}).
     */
    private record Caller(Principal principal, String pinnedEmail) {}

    private Mono<Caller> authenticate(ServerRequest request, IngestKind<?, ?> kind) {
        String header = request.headers().firstHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return Mono.error(missingCredential());
        }
        String secret = header.substring(7).trim();
        if (isAccessToken(secret)) {
            return authenticateAccessToken(request, kind, secret);
        }
        // Answered in place when cached (hits and misses alike). A cache miss reads the database:
        // never on an event loop (the gateway service on Netty), but in place on a servlet thread
        // (the standalone), where blocking is allowed and where a refusal must be written: one
        // written from a worker thread through the servlet adapter can leave a kept-alive
        // connection without its answer (docs/architecture.md, "Known limits").
        return authenticator
                .authenticateIfCached(secret)
                .map(Mono::just)
                .orElseGet(() -> offEventLoop(() -> authenticator.authenticate(secret)))
                .flatMap(principal -> principal
                        .map(p -> Mono.just(new Caller(p, null)))
                        .orElseGet(() -> Mono.error(missingCredential())));
    }

    /** A JWT (three dot-separated parts); API keys start with {@code spl_} and have no dot. */
    private static boolean isAccessToken(String secret) {
        return !secret.startsWith("spl_")
                && secret.chars().filter(c -> c == '.').count() == 2;
    }

    private Mono<Caller> authenticateAccessToken(ServerRequest request, IngestKind<?, ?> kind, String token) {
        String issuer = issuer(request);
        String audience = issuer + FirstPartyClients.INTERNAL_USAGE_PATH;
        // Signature, claims and a cached grant check cost no I/O; only a cache miss reads the database,
        // moved off the event loop as for API keys.
        java.util.concurrent.Callable<OAuthIdentity> check =
                () -> accessTokens.authenticate(token, issuer, audience, FirstPartyClients.USAGE_WRITE_SCOPE);
        Mono<OAuthIdentity> checked = accessTokens.isCached(token) ? Mono.fromCallable(check) : offEventLoop(check);
        return checked.onErrorMap(OAuthTokenException.class, IngestHandler::refusedToken)
                .flatMap(identity -> kind == IngestKind.EVENTS
                        ? Mono.error(insufficientScope(
                                "This access token (scope " + FirstPartyClients.USAGE_WRITE_SCOPE + ") may only send"
                                        + " internal usage rows to " + FirstPartyClients.INTERNAL_USAGE_PATH
                                        + ". Send product events with a workspace API key."))
                        : Mono.just(new Caller(identity.principal(), identity.email())));
    }

    /** {@code spendline.base-url}, else this request's scheme, host and port: the issuer tokens must name. */
    private String issuer(ServerRequest request) {
        if (baseUrl != null) {
            return baseUrl;
        }
        return UriComponentsBuilder.fromUri(request.uri())
                .replacePath(null)
                .replaceQuery(null)
                .fragment(null)
                .build()
                .toUriString();
    }

    private static <R> Mono<R> offEventLoop(java.util.concurrent.Callable<R> lookup) {
        return Mono.defer(() -> {
            Mono<R> call = Mono.fromCallable(lookup);
            return Schedulers.isInNonBlockingThread() ? call.subscribeOn(Schedulers.boundedElastic()) : call;
        });
    }

    private static ProblemException missingCredential() {
        return new ProblemException(
                HttpStatus.UNAUTHORIZED.value(),
                "unauthorized",
                "Missing or invalid API key",
                "Send a workspace API key as 'Authorization: Bearer <API key>'. Keys are"
                        + " created in the dashboard under API keys; a revoked key no"
                        + " longer works.");
    }

    private static ProblemException refusedToken(OAuthTokenException refused) {
        if (refused.reason() == OAuthTokenException.Reason.INSUFFICIENT_SCOPE) {
            return insufficientScope(refused.getMessage() + ".");
        }
        return new ProblemException(
                        HttpStatus.UNAUTHORIZED.value(),
                        "unauthorized",
                        "Invalid access token",
                        refused.getMessage() + ". Internal usage accepts access tokens of the Spendline collector"
                                + " (spendline collector setup) for this server, or a workspace API key.")
                .withHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"invalid_token\"");
    }

    private static ProblemException insufficientScope(String detail) {
        return new ProblemException(
                        HttpStatus.FORBIDDEN.value(), "insufficient_scope", "Not allowed with this token", detail)
                .withHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer error=\"insufficient_scope\"");
    }

    private <T, V> Mono<ServerResponse> checked(
            ServerRequest request, IngestKind<T, V> kind, Caller caller, Instant receivedAt, Body body) {
        Optional<MediaType> type = contentType(request);
        if (type.isEmpty() || !type.get().isConcrete() || !MediaType.APPLICATION_JSON.isCompatibleWith(type.get())) {
            return Mono.error(new ProblemException(
                    HttpStatus.UNSUPPORTED_MEDIA_TYPE.value(),
                    "unsupported_media_type",
                    "Unsupported content type",
                    "Send the body as JSON with 'Content-Type: application/json'"));
        }
        if (body.bytes() == null) {
            return Mono.error(tooLarge(body));
        }
        return accept(kind, caller, receivedAt, body.bytes(), RequestEventLoop.of(request));
    }

    /** The 413 of a body over the limit; one not read to its end also closes the connection. */
    private ProblemException tooLarge(Body body) {
        ProblemException tooLarge = bodyTooLarge(limits.maxBodySize().toBytes());
        // The rest of an unread body is still on the connection: it cannot be reused.
        return body == Body.TOO_LARGE_UNREAD ? tooLarge.withHeader("Connection", "close") : tooLarge;
    }

    private Mono<ServerResponse> tracesChecked(
            ServerRequest request, OtlpCodec codec, Caller caller, Instant receivedAt, Body body) {
        if (codec == null) {
            return Mono.error(new ProblemException(
                    HttpStatus.UNSUPPORTED_MEDIA_TYPE.value(),
                    "unsupported_media_type",
                    "Unsupported content type",
                    "Send OTLP traces as protobuf ('Content-Type: application/x-protobuf') or as OTLP/JSON"
                            + " ('Content-Type: application/json')"));
        }
        if (body.bytes() == null) {
            return Mono.error(tooLarge(body));
        }
        long maxBytes = limits.maxBodySize().toBytes();
        ExportTraceServiceRequest export =
                codec.decode(body.bytes(), request.headers().firstHeader(HttpHeaders.CONTENT_ENCODING), maxBytes);
        String workspaceId = caller.principal().workspaceId();
        // The workspace's attribution mapping: cached like the key, so usually a map lookup; a miss
        // reads the database off the event loop, as the key lookup does.
        return otlpMappings
                .ifCached(workspaceId)
                .map(Mono::just)
                .orElseGet(() -> offEventLoop(() -> otlpMappings.forWorkspace(workspaceId)))
                .flatMap(mapping -> tracesMapped(request, codec, caller, receivedAt, export, mapping));
    }

    private Mono<ServerResponse> tracesMapped(
            ServerRequest request,
            OtlpCodec codec,
            Caller caller,
            Instant receivedAt,
            ExportTraceServiceRequest export,
            OtlpMapping mapping) {
        GenAiSpanMapper.Result mapped = GenAiSpanMapper.map(export, codec.ids(), receivedAt, mapping);
        metrics.otlpSpans(mapped.events().size(), mapped.rejected(), mapped.ignored());
        if (mapped.events().size() > limits.maxBatchItems()) {
            return Mono.error(new ProblemException(
                    HttpStatus.CONTENT_TOO_LARGE.value(),
                    "batch_too_large",
                    "Too many model calls in one request",
                    "The export has " + mapped.events().size() + " GenAI spans; at most " + limits.maxBatchItems()
                            + " are accepted per request. Lower the exporter's batch size (e.g."
                            + " OTEL_BSP_MAX_EXPORT_BATCH_SIZE)."));
        }
        Mono<ServerResponse> answer = Mono.defer(() -> ServerResponse.ok()
                .header(HttpHeaders.CONTENT_TYPE, codec.contentType)
                .bodyValue(codec.response(mapped.rejected(), mapped.errorMessage())));
        if (mapped.events().isEmpty()) {
            return answer;
        }
        Principal principal = caller.principal();
        List<AcceptedEvent> events = new ArrayList<>(mapped.events().size());
        for (ProductEvent event : mapped.events()) {
            events.add(AcceptedEvent.of(principal.workspaceId(), receivedAt, event));
        }
        Executor resumeOn = RequestEventLoop.of(request);
        return quotaChecked(principal, events.size(), () -> events)
                .then(Mono.defer(() -> written(
                        IngestMetrics.OTLP_TRACES,
                        principal,
                        events.size(),
                        System.nanoTime(),
                        publisher.publish(Topics.EVENTS, principal.workspaceId(), receivedAt, events, resumeOn))))
                .then(answer);
    }

    /** The request's content type; empty when there is none or it does not parse ({@code application/}, an unknown charset). */
    private static Optional<MediaType> contentType(ServerRequest request) {
        try {
            return request.headers().contentType();
        } catch (InvalidMediaTypeException e) {
            return Optional.empty();
        }
    }

    private <T, V> Mono<ServerResponse> accept(
            IngestKind<T, V> kind, Caller caller, Instant receivedAt, byte[] body, Executor resumeOn) {
        Principal principal = caller.principal();
        if (kind == IngestKind.EVENTS) {
            // Valid events are read, checked and encoded in one pass; anything else (every refusal
            // included) takes the general path below, which answers as it always did.
            byte[][] records = direct.read(body, principal.workspaceId(), receivedAt);
            if (records != null) {
                return quotaChecked(principal, records.length, () -> decoded(records))
                        .then(Mono.defer(() -> publishEncoded(kind, principal, receivedAt, records, resumeOn)));
            }
        }
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
        if (caller.pinnedEmail() != null) {
            String base = root.isObject() && root.has(kind.batchField()) ? "/" + kind.batchField() + "/" : null;
            List<FieldError> mismatches = employeeMismatches(values, caller.pinnedEmail(), base);
            if (!mismatches.isEmpty()) {
                return Mono.error(new ProblemException(
                        HttpStatus.FORBIDDEN.value(),
                        "employee_mismatch",
                        "Rows for another employee",
                        mismatches.size() + " row(s) name an employee other than " + caller.pinnedEmail()
                                + ", the user this access token was issued to; nothing was accepted. A collector"
                                + " token sends usage for its own user only.",
                        mismatches));
            }
        }
        if (kind == IngestKind.EVENTS) {
            @SuppressWarnings("unchecked") // the events kind carries AcceptedEvent values
            List<AcceptedEvent> events = (List<AcceptedEvent>) values;
            return quotaChecked(principal, events.size(), () -> events)
                    .then(Mono.defer(() -> publish(kind, principal, receivedAt, values, resumeOn)));
        }
        return publish(kind, principal, receivedAt, values, resumeOn);
    }

    private Mono<Void> quotaChecked(Principal principal, int count, Supplier<List<AcceptedEvent>> events) {
        return quota.check(principal, count, events)
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
                });
    }

    /** The events of records the fast path encoded: only needed when the quota asks which are resends. */
    private static List<AcceptedEvent> decoded(byte[][] records) {
        List<AcceptedEvent> events = new ArrayList<>(records.length);
        for (byte[] record : records) {
            events.add(AcceptedEventCodec.decode(record));
        }
        return events;
    }

    /**
     * Rows whose {@code employeeEmail} is not {@code email} (case-insensitive), as field errors.
     *
     * @param base the batch array's pointer prefix ({@code /rows/}); null for a single row
     */
    private static List<FieldError> employeeMismatches(List<?> values, String email, String base) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) instanceof AcceptedUsageRow accepted) {
                String employee = accepted.row().employeeEmail();
                if (employee == null || !employee.toLowerCase(Locale.ROOT).equals(email)) {
                    errors.add(new FieldError(
                            (base == null ? "" : base + i) + "/employeeEmail",
                            "must be " + email + ", the e-mail of the user this access token was issued to"));
                }
            }
        }
        return errors;
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
            IngestKind<?, V> kind, Principal principal, Instant receivedAt, List<V> values, Executor resumeOn) {
        long started = System.nanoTime();
        return acknowledged(
                kind,
                principal,
                receivedAt,
                values.size(),
                started,
                publisher.publish(kind.topic(), principal.workspaceId(), receivedAt, values, resumeOn));
    }

    private Mono<ServerResponse> publishEncoded(
            IngestKind<?, ?> kind, Principal principal, Instant receivedAt, byte[][] records, Executor resumeOn) {
        long started = System.nanoTime();
        return acknowledged(
                kind,
                principal,
                receivedAt,
                records.length,
                started,
                publisher.publishEncoded(kind.topic().name(), principal.workspaceId(), receivedAt, records, resumeOn));
    }

    /** 202 once {@code written} completes; 503 with Retry-After when Kafka did not acknowledge in time. */
    private Mono<ServerResponse> acknowledged(
            IngestKind<?, ?> kind,
            Principal principal,
            Instant receivedAt,
            int items,
            long started,
            Mono<Void> written) {
        return written(kind.name(), principal, items, started, written)
                .then(Mono.defer(() -> ServerResponse.status(HttpStatus.ACCEPTED)
                        .contentType(MediaType.APPLICATION_JSON)
                        .bodyValue(acceptedBody(items, receivedAt))));
    }

    /**
     * Completes once {@code written} completes, counting the items; fails with 503 and Retry-After
     * when Kafka did not acknowledge in time.
     */
    private Mono<Void> written(String kind, Principal principal, int items, long started, Mono<Void> written) {
        return written.onErrorMap(e -> {
                    log.warn(
                            "Kafka did not acknowledge {} {} for workspace {}: {}",
                            items,
                            kind,
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
                .then(Mono.fromRunnable(() -> {
                    metrics.produceLatency(kind, Duration.ofNanos(System.nanoTime() - started));
                    metrics.accepted(kind, items);
                }));
    }

    /**
     * {@code {"accepted":n,"receivedAt":"..."}}, written directly: a number and an ISO instant need
     * no escaping, and a mapper per answer was a visible share of a single event's cost.
     */
    static byte[] acceptedBody(int items, Instant receivedAt) {
        return ("{\"accepted\":" + items + ",\"receivedAt\":\"" + receivedAt + "\"}")
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }

    private ProblemException bodyTooLarge(long maxBytes) {
        return new ProblemException(
                HttpStatus.CONTENT_TOO_LARGE.value(),
                "body_too_large",
                "Request body too large",
                "The body is larger than " + maxBytes + " bytes. Send fewer items per request.");
    }
}
