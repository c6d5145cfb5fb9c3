package dev.spendline.bench.run;

import dev.spendline.bench.load.ReportClient;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Latency of each read, as a client sees it over HTTP (authentication included), one request at a
 * time after a warm-up. Today's read tools are the spend report's shapes; the analytics and Ask
 * issues add theirs here.
 */
public final class QueryBench {

    private QueryBench() {}

    /** Name → path and query of a read. */
    static Map<String, String> reads() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String month = "&from=" + today.minusDays(30) + "&to=" + today;
        Map<String, String> reads = new LinkedHashMap<>();
        String spend = "/api/v1/reports/spend?";
        reads.put("spend by tenant, 30 days, top 20", spend + "by=tenant" + month);
        reads.put("spend by tenant, 30 days, all 1,000", spend + "by=tenant&limit=1000" + month);
        reads.put("spend by feature, 30 days", spend + "by=feature" + month);
        reads.put("spend by model, 30 days", spend + "by=model" + month);
        reads.put("spend by agent, 7 days", spend + "by=agent&from=" + today.minusDays(7) + "&to=" + today);
        reads.put("spend by feature of one tenant, 30 days", spend + "by=feature&tenant=t0" + month);
        reads.put("spend by user, today", spend + "by=user&from=" + today + "&to=" + today);
        String months = "from=" + YearMonth.from(today.minusDays(30)) + "&to=" + YearMonth.from(today);
        reads.put("margin by customer, last two months", "/api/v1/reports/margin/customers?" + months);
        reads.put("margin by feature, last two months", "/api/v1/reports/margin/features?" + months);
        return reads;
    }

    public static Map<String, Histogram> run(ReportClient client, int warmup, int samples) throws Exception {
        Map<String, Histogram> results = new LinkedHashMap<>();
        for (Map.Entry<String, String> read : reads().entrySet()) {
            Histogram micros = new Histogram(60_000_000L, 3);
            for (int i = 0; i < warmup + samples; i++) {
                long start = System.nanoTime();
                HttpResponse<String> response = client.getPath(read.getValue());
                long took = (System.nanoTime() - start) / 1_000;
                if (response.statusCode() != 200) {
                    throw new IllegalStateException(
                            read.getKey() + " answered " + response.statusCode() + ": " + response.body());
                }
                if (i >= warmup) {
                    micros.recordValue(Math.max(1, took));
                }
            }
            results.put(read.getKey(), micros);
        }
        return results;
    }
}
