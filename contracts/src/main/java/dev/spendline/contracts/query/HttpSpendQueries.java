package dev.spendline.contracts.query;

import dev.spendline.contracts.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * {@link SpendQueries} over HTTP: forwards the query to another Spendline streams instance's
 * internal query endpoint ({@value #PATH}).
 */
public final class HttpSpendQueries implements SpendQueries {

    public static final String PATH = "/internal/v1/queries/spend-by";
    /** Marks a query one instance forwarded to another, which must then answer locally or 503. */
    public static final String FORWARDED_HEADER = "X-Spendline-Forwarded";

    private final URI endpoint;
    private final HttpClient client;
    private final Duration timeout;
    private final boolean forwarded;

    /**
     * @param forwarded true when an instance forwards to the partition owner; false when a client
     *     that does not know ownership (query-api) asks any streams instance
     */
    public HttpSpendQueries(URI baseUrl, HttpClient client, Duration timeout, boolean forwarded) {
        this.endpoint = baseUrl.resolve(PATH);
        this.client = client;
        this.timeout = timeout;
        this.forwarded = forwarded;
    }

    @Override
    public SpendReport spendBy(SpendQuery query) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(query)));
        if (forwarded) {
            builder.header(FORWARDED_HEADER, "1");
        }
        HttpRequest request = builder.build();
        HttpResponse<byte[]> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new QueryUnavailableException("Query instance " + endpoint + " is unreachable", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new QueryUnavailableException("Interrupted while querying " + endpoint, e);
        }
        if (response.statusCode() == 200) {
            return Json.MAPPER.readValue(response.body(), SpendReport.class);
        }
        if (response.statusCode() == 400) {
            throw new IllegalArgumentException("Query rejected by " + endpoint + ": " + new String(response.body()));
        }
        if (response.statusCode() == 503) {
            throw new QueryUnavailableException("Query instance " + endpoint + " cannot answer yet");
        }
        throw new IllegalStateException("Query instance " + endpoint + " answered " + response.statusCode());
    }
}
