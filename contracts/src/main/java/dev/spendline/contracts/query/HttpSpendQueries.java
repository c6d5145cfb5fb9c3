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

    private final URI endpoint;
    private final HttpClient client;
    private final Duration timeout;

    public HttpSpendQueries(URI baseUrl, HttpClient client, Duration timeout) {
        this.endpoint = baseUrl.resolve(PATH);
        this.client = client;
        this.timeout = timeout;
    }

    @Override
    public SpendReport spendBy(SpendQuery query) {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(timeout)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Json.MAPPER.writeValueAsBytes(query)))
                .build();
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
        if (response.statusCode() == 503) {
            throw new QueryUnavailableException("Query instance " + endpoint + " cannot answer yet");
        }
        throw new IllegalStateException("Query instance " + endpoint + " answered " + response.statusCode());
    }
}
