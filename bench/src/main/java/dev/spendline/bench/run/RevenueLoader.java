package dev.spendline.bench.run;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.YearMonth;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Enters revenue for the generated tenants through the settings API, as a finance person would
 * (one request per customer and month), so the margin reads have real work to do.
 */
final class RevenueLoader {

    private RevenueLoader() {}

    /**
     * 50.00 to 2,049.99 USD in whole cents, built exactly: a double ({@code 50 + n / 100.0}) can
     * print with 13 decimals, which the settings API rightly refuses (at most 9); that ended a
     * full benchmark run.
     */
    static BigDecimal amount(SplittableRandom random) {
        return BigDecimal.valueOf(5_000 + random.nextInt(2_000_00), 2);
    }

    /** Seeded amounts: most customers pay 50–2,050 USD a month; tenants above 900 pay nothing. */
    static int load(URI baseUrl, String apiKey, String tenantPrefix, int tenants, List<YearMonth> months)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        SplittableRandom random = new SplittableRandom(7);
        int written = 0;
        for (int t = 0; t < Math.min(tenants, 900); t++) {
            for (YearMonth month : months) {
                BigDecimal amount = amount(random);
                HttpRequest put = HttpRequest.newBuilder(
                                baseUrl.resolve("/api/v1/settings/revenue/" + tenantPrefix + t + "/" + month))
                        .timeout(Duration.ofSeconds(30))
                        .header("authorization", "Bearer " + apiKey)
                        .header("content-type", "application/json")
                        .PUT(HttpRequest.BodyPublishers.ofString("{\"amountUsd\":" + amount.toPlainString() + "}"))
                        .build();
                int status =
                        http.send(put, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status != 200) {
                    throw new IllegalStateException("revenue for " + tenantPrefix + t + " answered " + status);
                }
                written++;
            }
        }
        return written;
    }
}
