package dev.spendline.ask;

import static dev.spendline.ask.AnswerWriter.capital;
import static dev.spendline.ask.AnswerWriter.figure;
import static dev.spendline.ask.AnswerWriter.label;
import static dev.spendline.ask.AnswerWriter.shareOf;

import dev.spendline.ask.Interpretation.Focus;
import dev.spendline.contracts.query.Dimension;
import dev.spendline.contracts.query.Measures;
import dev.spendline.contracts.query.SpendMetric;
import dev.spendline.contracts.query.SpendReport;
import dev.spendline.contracts.query.SpendRow;
import dev.spendline.contracts.query.TimeGrain;
import dev.spendline.contracts.query.UnpricedUsage;
import dev.spendline.contracts.query.UsageKind;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The answer of {@code spend_by} in words: the total, then the rows asked for with their share, or the
 * series period by period; unpriced usage is said with its fix.
 */
final class SpendAnswer {

    private SpendAnswer() {}

    private static final java.time.format.DateTimeFormatter HOUR =
            java.time.format.DateTimeFormatter.ofPattern("HH:mm").withZone(java.time.ZoneOffset.UTC);

    private static final java.time.format.DateTimeFormatter DAY_AND_HOUR = java.time.format.DateTimeFormatter.ofPattern(
                    "d MMM HH:mm", java.util.Locale.ENGLISH)
            .withZone(java.time.ZoneOffset.UTC);

    static String write(Interpretation reading, SpendReport r) {
        UsageKind usage = UsageKind.parse(r.usage());
        Dimension by = Dimension.of(usage, r.by());
        TimeGrain grain = by == null ? TimeGrain.parse(r.by()) : null;
        SpendMetric metric = SpendMetric.parse(r.metric());
        String filter = r.filters().entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> Lexicon.FILTER_NAMES.indexOf(e.getKey())))
                .map(e -> Words.named(Dimension.of(usage, e.getKey()), e.getValue()))
                .collect(Collectors.joining(" and "));
        // Said in the title, so an answer without a name can never be read as one about it.
        String without = r.excluded().entrySet().stream()
                .sorted(java.util.Comparator.comparingInt(e -> Lexicon.FILTER_NAMES.indexOf(e.getKey())))
                .flatMap(e -> e.getValue().stream().map(v -> Words.named(Dimension.of(usage, e.getKey()), v)))
                .collect(Collectors.joining(" or "));
        TimeGrain per = r.per() == null ? null : TimeGrain.parse(r.per());
        String grouping =
                grain != null ? grainWords(grain) : "by " + Words.noun(by) + (per != null ? " " + grainWords(per) : "");
        String title = capital(Words.measure(metric, reading.metric().words)) + " " + grouping
                + (filter.isEmpty() ? "" : " for " + filter) + (without.isEmpty() ? "" : " without " + without)
                + ", " + Words.period(reading.range()) + " ("
                + r.usage() + " usage)";
        if (r.totals().calls() == 0 && r.totals().costUsd().signum() == 0) {
            return title + ": nothing recorded.";
        }
        String answer = grain != null
                ? series(title, r, metric)
                : per != null
                        ? perPeriod(reading, title, r, metric, per)
                        : metric == SpendMetric.COST
                                ? spendByCost(reading, title, r)
                                : ranked(reading, title, r, metric);
        return answer + estimated(r.totals()) + unpriced(r.unpriced());
    }

    /**
     * Product calls sent without a cost: how much of the total Spendline estimated from list prices,
     * and how many it could not price. Said after the figures, so the total is never read as all
     * reported; nothing when every cost was reported.
     */
    static String estimated(Measures totals) {
        StringBuilder s = new StringBuilder();
        if (totals.estimatedCostUsd().signum() != 0) {
            s.append(" Of the cost, ")
                    .append(Words.money(totals.estimatedCostUsd()))
                    .append(" is estimated from list prices for calls sent without a cost (")
                    .append(Words.money(totals.reportedCostUsd()))
                    .append(" reported).");
        }
        if (totals.unpricedCalls() > 0) {
            s.append(' ')
                    .append(Words.count(totals.unpricedCalls()))
                    .append(totals.unpricedCalls() == 1 ? " call was" : " calls were")
                    .append(" sent without a cost for a model with no list price, counted as $0.00.");
        }
        return s.toString();
    }

    /** "day by day", "week by week", "month by month". */
    private static String grainWords(TimeGrain grain) {
        return grain.wireName() + " by " + grain.wireName();
    }

    /** A series: the total, then every period with its figure, in the report's order. */
    private static String series(String title, SpendReport r, SpendMetric metric) {
        StringBuilder s = new StringBuilder(title).append(": ").append(figure(metric, metric.of(r.totals())));
        s.append(isSum(metric) ? " in total" : " overall");
        List<String> parts = new ArrayList<>();
        boolean hours = TimeGrain.parse(r.by()) == TimeGrain.HOUR;
        boolean oneDay = hours
                && r.from()
                        .truncatedTo(java.time.temporal.ChronoUnit.DAYS)
                        .equals(r.to().minusMillis(1).truncatedTo(java.time.temporal.ChronoUnit.DAYS));
        for (SpendRow row : r.rows()) {
            String period = hours ? hourWords(row.value(), oneDay) : row.value();
            parts.add(period + " " + figure(metric, row.metricValue()));
        }
        return s.append("; ").append(String.join(", ", parts)).append('.').toString();
    }

    /** Values listed in words with two groupings; the table lists all the report's values. */
    static final int PER_VALUES_IN_WORDS = 5;

    /**
     * Two groupings: the total, then each listed value (ranking order) with its figure in every
     * period, then how many values more and their figure: the sentence stays short, the answer's
     * table has every row.
     */
    private static String perPeriod(
            Interpretation reading, String title, SpendReport r, SpendMetric metric, TimeGrain per) {
        StringBuilder s = new StringBuilder(title).append(": ").append(figure(metric, metric.of(r.totals())));
        s.append(isSum(metric) ? " in total" : " overall");
        boolean hours = per == TimeGrain.HOUR;
        boolean oneDay = hours
                && r.from()
                        .truncatedTo(java.time.temporal.ChronoUnit.DAYS)
                        .equals(r.to().minusMillis(1).truncatedTo(java.time.temporal.ChronoUnit.DAYS));
        java.util.Map<String, List<SpendRow>> byValue = new java.util.LinkedHashMap<>();
        for (SpendRow row : r.rows()) {
            byValue.computeIfAbsent(row.value(), v -> new ArrayList<>()).add(row);
        }
        int shown = Math.min(Math.min(reading.shown(), PER_VALUES_IN_WORDS), byValue.size());
        List<String> parts = new ArrayList<>();
        int i = 0;
        for (java.util.Map.Entry<String, List<SpendRow>> value : byValue.entrySet()) {
            if (i++ == shown) {
                break;
            }
            String periods = value.getValue().stream()
                    .map(row -> (hours ? hourWords(row.period(), oneDay) : row.period()) + " "
                            + figure(metric, row.metricValue()))
                    .collect(Collectors.joining(", "));
            parts.add(label(value.getKey()) + ": " + periods);
        }
        if (!parts.isEmpty()) {
            s.append("; ").append(String.join("; ", parts));
        }
        long more = Math.max(0, r.distinctValues() - shown);
        if (more > 0) {
            s.append("; ").append(Words.count(more)).append(more == 1 ? " more value" : " more values");
            if (metric == SpendMetric.COST) {
                BigDecimal rest = r.totals().costUsd();
                for (List<SpendRow> rows :
                        byValue.values().stream().limit(shown).toList()) {
                    for (SpendRow row : rows) {
                        rest = rest.subtract(row.measures().costUsd());
                    }
                }
                s.append(' ')
                        .append(Words.money(rest))
                        .append(shareOf(rest, r.totals().costUsd()));
            }
        }
        return s.append('.').toString();
    }

    /** An hour row as people say it (UTC): "13:00", or "21 Nov 13:00" when the hours span days. */
    private static String hourWords(String start, boolean oneDay) {
        return (oneDay ? HOUR : DAY_AND_HOUR).format(java.time.Instant.parse(start));
    }

    /** Ranked by a metric other than cost: the rows come in the report's order. */
    private static String ranked(Interpretation reading, String title, SpendReport r, SpendMetric metric) {
        BigDecimal total = metric.of(r.totals());
        StringBuilder s = new StringBuilder(title).append(": ").append(figure(metric, total));
        s.append(isSum(metric) ? " in total" : " overall");
        if (metric == SpendMetric.TOKENS) {
            s.append(" (")
                    .append(Words.count(r.totals().inputTokens()))
                    .append(" input, ")
                    .append(Words.count(r.totals().outputTokens()))
                    .append(" output)");
        }
        List<String> parts = new ArrayList<>();
        BigDecimal rest = total;
        for (SpendRow row :
                r.rows().subList(0, Math.min(reading.shown(), r.rows().size()))) {
            String share = isSum(metric) && total != null && row.metricValue() != null
                    ? shareOf(row.metricValue(), total)
                    : "";
            parts.add(label(row.value()) + " " + figure(metric, row.metricValue()) + share);
            rest = rest == null || row.metricValue() == null ? null : rest.subtract(row.metricValue());
        }
        if (isSum(metric) && rest != null && rest.signum() > 0) {
            parts.add("the rest " + figure(metric, rest) + shareOf(rest, total));
        }
        if (!parts.isEmpty()) {
            s.append("; ").append(String.join(", ", parts));
        }
        return s.append('.').toString();
    }

    private static boolean isSum(SpendMetric metric) {
        return switch (metric) {
            case ERROR_RATE, COST_PER_CALL, COST_PER_1K_TOKENS, LATENCY -> false;
            default -> true;
        };
    }

    private static String spendByCost(Interpretation reading, String title, SpendReport r) {
        BigDecimal total = r.totals().costUsd();
        StringBuilder s = new StringBuilder(title)
                .append(": ")
                .append(Words.money(total))
                .append(" in total over ")
                .append(Words.count(r.totals().calls()))
                .append(r.totals().calls() == 1 ? " call" : " calls");
        Focus focus = reading.focus();
        if (focus != null) {
            SpendRow row = r.rows().stream()
                    .filter(x -> focus.value().equals(x.value()))
                    .findFirst()
                    .orElse(null);
            s.append("; ").append(Words.value(focus.value()));
            if (row == null) {
                s.append(" had none of it");
            } else {
                s.append(" ")
                        .append(Words.money(row.measures().costUsd()))
                        .append(shareOf(row.measures().costUsd(), total));
            }
            return s.append('.').toString();
        }
        List<String> parts = new ArrayList<>();
        int shown = Math.min(reading.shown(), r.rows().size());
        BigDecimal rest = r.others().costUsd();
        long restCount = Math.max(0, r.distinctValues() - r.rows().size());
        for (int i = 0; i < r.rows().size(); i++) {
            SpendRow row = r.rows().get(i);
            if (i < shown) {
                parts.add(label(row.value()) + " " + Words.money(row.measures().costUsd())
                        + shareOf(row.measures().costUsd(), total));
            } else {
                rest = rest.add(row.measures().costUsd());
                restCount++;
            }
        }
        if (restCount > 0) {
            parts.add(restCount + " more " + Words.money(rest) + shareOf(rest, total));
        }
        return s.append("; ").append(String.join(", ", parts)).append('.').toString();
    }

    /**
     * Usage counted as $0.00 because its model has no price: said after the figures, with the fix,
     * so that a cost that looks low is never read as the whole truth.
     */
    static String unpriced(UnpricedUsage u) {
        if (u == null || !u.any()) {
            return "";
        }
        String models = u.models().isEmpty() ? "" : " (" + String.join(", ", u.models()) + ")";
        return " Unpriced: " + Words.count(u.calls()) + (u.calls() == 1 ? " row" : " rows") + models + ", "
                + Words.count(u.inputTokens()) + " input and " + Words.count(u.outputTokens())
                + " output tokens, counted as $0.00 because the price book has no price for "
                + (u.models().size() == 1 ? "that model" : "those models") + "; to cost them, " + u.fix() + ".";
    }
}
