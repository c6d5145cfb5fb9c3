package dev.spendline.bench.load;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.query.SpendReport;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Optional;

/** Reads Spendline's public spend report, as a dashboard or the CLI would. */
public final class ReportClient {

    private final URI baseUrl;
    private final String apiKey;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public ReportClient(URI baseUrl, String apiKey) {
        this.baseUrl = baseUrl;
        this.apiKey = apiKey;
    }

    /** GET {@code /api/v1/reports/spend?<query>}: status and raw body; status -1 when unreachable. */
    public HttpResponse<String> get(String query) throws IOException, InterruptedException {
        return getPath("/api/v1/reports/spend?" + query);
    }

    /** GET any read path with its query, e.g. {@code /api/v1/reports/margin/customers?from=2026-11}. */
    public HttpResponse<String> getPath(String pathAndQuery) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve(pathAndQuery))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + apiKey)
                .GET()
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Asks a question through {@code POST /api/v1/ask}. */
    public HttpResponse<String> ask(String question) throws IOException, InterruptedException {
        String body =
                dev.spendline.contracts.json.Json.MAPPER.writeValueAsString(java.util.Map.of("question", question));
        HttpRequest request = HttpRequest.newBuilder(baseUrl.resolve("/api/v1/ask"))
                .timeout(Duration.ofSeconds(30))
                .header("authorization", "Bearer " + apiKey)
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The report by tenant over the last 40 days up to tomorrow (every generated event), or empty
     * while Spendline cannot answer (starting, restoring state).
     */
    public Optional<SpendReport> byTenant() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String query = "by=tenant&limit=1000&from=" + today.minusDays(40) + "&to=" + today.plusDays(1);
        try {
            HttpResponse<String> response = get(query);
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            return Optional.of(Json.MAPPER.readValue(response.body(), SpendReport.class));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
