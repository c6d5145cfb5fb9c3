package dev.spendline.internalapi;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.Queries;
import dev.spendline.contracts.query.QueryType;
import dev.spendline.contracts.query.QueryUnavailableException;
import dev.spendline.contracts.query.WorkspaceQuery;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;

/**
 * Every read over HTTP: posts the query to a Spendline streams instance's internal query route,
 * {@value #PATH_PREFIX}{@code <name>} (one route per {@link QueryType}, derived from its name), on
 * that instance's internal port, signed with the {@link InstanceCredential}.
 */
public final class HttpQueries implements Queries {

    /** The internal route of a kind is this prefix plus {@link QueryType#name()}. */
    public static final String PATH_PREFIX = "/internal/v1/queries/";
    /**
     * Marks a query one instance forwarded to another, which must then answer locally or 503, never
     * forward again: {@value #TO_ACTIVE} asks the partition's active task, {@value #TO_STANDBY}
     * lets the receiver answer from its standby replica too (for reads that tolerate it).
     */
    public static final String FORWARDED_HEADER = "X-Spendline-Forwarded";
    /** {@link #FORWARDED_HEADER} value: answer from the active task's stores. */
    public static final String TO_ACTIVE = "1";
    /** {@link #FORWARDED_HEADER} value: answer from the active task's or a standby replica's stores. */
    public static final String TO_STANDBY = "standby";

    private final URI baseUrl;
    private final HttpClient client;
    private final Duration timeout;
    /** The {@link #FORWARDED_HEADER} value; null when not forwarded. */
    private final String forwarded;

    private final InstanceCredential credential;
    private final Clock clock;

    /**
     * @param baseUrl the streams instance's internal port
     * @param forwarded true when an instance forwards to the partition owner; false when a client
     *     that does not know ownership (query-api, the gateway) asks any streams instance
     * @param credential signs every request
     * @param clock the time of the signatures
     */
    public HttpQueries(
            URI baseUrl,
            HttpClient client,
            Duration timeout,
            boolean forwarded,
            InstanceCredential credential,
            Clock clock) {
        this(baseUrl, client, timeout, forwarded ? TO_ACTIVE : null, credential, clock);
    }

    private HttpQueries(
            URI baseUrl,
            HttpClient client,
            Duration timeout,
            String forwarded,
            InstanceCredential credential,
            Clock clock) {
        this.baseUrl = baseUrl;
        this.client = client;
        this.timeout = timeout;
        this.forwarded = forwarded;
        this.credential = credential;
        this.clock = clock;
    }

    /**
     * The same instance, asked as a standby: it answers from its active task or its standby
     * replica of the partition, never forwards. Only for stale-tolerant reads.
     */
    public HttpQueries askingStandby() {
        return new HttpQueries(baseUrl, client, timeout, TO_STANDBY, credential, clock);
    }

    /** The streams instance this client asks. */
    public URI baseUrl() {
        return baseUrl;
    }

    /** The instance's URL, as logs name it. */
    @Override
    public String toString() {
        return "Streams instance " + baseUrl;
    }

    /** The internal route of {@code type}. */
    public static String path(QueryType<?, ?> type) {
        return PATH_PREFIX + type.name();
    }

    @Override
    public <Q extends WorkspaceQuery, A> A answer(QueryType<Q, A> type, Q query) {
        URI endpoint = baseUrl.resolve(path(type));
        byte[] body = Json.MAPPER.writeValueAsBytes(query);
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("content-type", "application/json")
                .header(InstanceCredential.HEADER, credential.sign(path(type), body, clock.instant()))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (forwarded != null) {
            builder.header(FORWARDED_HEADER, forwarded);
        }
        HttpResponse<byte[]> response;
        try {
            response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new PeerUnreachableException("Query instance " + endpoint + " is unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryUnavailableException("Interrupted while querying " + endpoint, e);
        }
        return switch (response.statusCode()) {
            case 200 -> Json.MAPPER.readValue(response.body(), type.answerType());
            case 400 -> throw new IllegalArgumentException(
                    "Query rejected by " + endpoint + ": " + new String(response.body()));
            case 401 -> throw new IllegalStateException("Query instance " + endpoint
                    + " refused this instance's credential: every instance must share one "
                    + InstanceCredential.SECRET_PROPERTY + " (and clocks within "
                    + InstanceCredential.MAX_SKEW.toSeconds() + " s)");
            case 503 -> throw new QueryUnavailableException("Query instance " + endpoint + " cannot answer yet");
            default -> throw new IllegalStateException(
                    "Query instance " + endpoint + " answered " + response.statusCode());
        };
    }
}
