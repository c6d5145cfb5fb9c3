package dev.spendline.bench.run;

import dev.spendline.bench.load.ReportClient;
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

    /** Questions of every family, asked through POST /api/v1/ask. */
    static final java.util.List<String> ASK = java.util.List.of(
            "what did we spend by customer in the last 30 days",
            "spend of t0 on feature-0 by model this month",
            "daily spend this month",
            "error rate by model last week",
            "which feature grew fastest this month vs last month",
            "margin by customer this month",
            "top 5 sources of waste this month",
            "is anything on fire?");

    /** Name → path and query of a read (or {@code ask:} and a question). */
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
        // Several filters: the pair and the combination rollup (customer first, then any other).
        reads.put(
                "spend by model of one tenant and feature, 30 days",
                spend + "by=model&tenant=t0&feature=feature-0" + month);
        reads.put(
                "spend by agent of one tenant, model and status, 30 days",
                spend + "by=agent&tenant=t3&model=gpt-4.1&status=success" + month);
        reads.put(
                "spend by tenant of one model and feature, 7 days (no customer filter)",
                spend + "by=tenant&model=gpt-4.1&feature=feature-1&from=" + today.minusDays(7) + "&to=" + today);
        reads.put("spend by day, 30 days", spend + "by=day" + month);
        reads.put("error rate by model, 30 days", spend + "by=model&metric=error_rate" + month);
        reads.put(
                "compare spend by feature, this month vs last",
                "/api/v1/reports/compare?by=feature&from="
                        + today.withDayOfMonth(1) + "&to=" + today + "&baseFrom="
                        + today.withDayOfMonth(1).minusMonths(1)
                        + "&baseTo=" + today.withDayOfMonth(1).minusDays(1));
        // Ask: reading the question, the tool call and the answer in words, as a client sees it.
        for (String question : ASK) {
            reads.put("ask: " + question, "ask:" + question);
        }
        return reads;
    }

    public static Map<String, Histogram> run(ReportClient client, int warmup, int samples) throws Exception {
        Map<String, RequestLatencies.Request> requests = new LinkedHashMap<>();
        reads().forEach((name, read) -> requests.put(
                name, read.startsWith("ask:") ? () -> client.ask(read.substring(4)) : () -> client.getPath(read)));
        return RequestLatencies.measure(requests, warmup, samples);
    }
}
