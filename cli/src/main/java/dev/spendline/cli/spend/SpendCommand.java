package dev.spendline.cli.spend;

import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.ServiceClient;
import dev.spendline.cli.Session;
import dev.spendline.cli.SpendlineCommand;
import dev.spendline.cli.ask.Table;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code spendline spend --by feature}: the {@code spend_by} report, {@code GET /api/v1/reports/spend}
 * with the options as its query parameters ({@code --exclude} repeated as {@code exclude}). The
 * service checks every parameter, so its refusal, listing each problem, is the one error message.
 */
@Command(
        name = "spend",
        mixinStandardHelpOptions = true,
        description = "Spend grouped by a dimension or a period (or a dimension per period, a matrix),"
                + " filtered and without excluded values:"
                + " the spend report (GET /api/v1/reports/spend). --json prints the service's answer unchanged.")
public final class SpendCommand extends SpendlineCommand {

    static final String PATH = "/api/v1/reports/spend";

    @Option(
            names = "--by",
            required = true,
            paramLabel = "BY",
            description = "A dimension (feature, tenant, model, ...; internal usage: employee, team, ...)"
                    + " or a period: day, week, month.")
    String by;

    @Option(
            names = "--per",
            paramLabel = "PERIOD",
            description = "With a dimension --by, a second grouping: hour, day, week or month (e.g. --by model"
                    + " --per week). Prints a matrix of cost: the top values as lines, every period of the range"
                    + " as a column ($0.00 where a value had no spend), totals per value and per period;"
                    + " --limit is then at most 50.")
    String per;

    @Option(names = "--usage", paramLabel = "USAGE", description = "product (default) or internal.")
    String usage;

    @Option(names = "--from", paramLabel = "DATE", description = "e.g. 2026-11-01 (default: 30 days before --to).")
    String from;

    @Option(
            names = "--to",
            paramLabel = "DATE",
            description = "e.g. 2026-11-30, that day included (default: today, so the last 30 days, today included).")
    String to;

    @Option(names = "--limit", paramLabel = "N", description = "Rows, 1-1000 (default 20; by a period: every period).")
    String limit;

    @Option(
            names = "--metric",
            paramLabel = "METRIC",
            description = "What rows are ranked by: cost (default), calls," + " tokens, error_rate, cost_per_call, ...")
    String metric;

    @Option(names = "--order", paramLabel = "ORDER", description = "desc (largest first) or asc.")
    String order;

    @Option(
            names = "--filter",
            paramLabel = "DIMENSION=VALUE",
            description = "Only spend with this value, e.g. --filter tenant=acme; repeat for several (every one"
                    + " must match).")
    Map<String, String> filters = new LinkedHashMap<>();

    @Option(
            names = "--exclude",
            paramLabel = "DIMENSION:VALUE",
            description = "Leave out the spend with this value, e.g. --exclude feature:onboarding; repeat for"
                    + " several. Every figure, totals included, is without them. Each value excluded on a"
                    + " dimension other than --by costs the service one more read (at most 64 in all).")
    List<String> exclusions = new ArrayList<>();

    @Override
    public Integer call() {
        Session session = session();
        ServiceClient.Reply reply =
                ServiceClient.requireOk(session.client().get(PATH + "?" + query(), session.apiKey()));
        if (session.json()) {
            session.printJson(reply.body());
        } else {
            print(reply.json(), session.out());
            session.out().flush();
        }
        return ExitCodes.OK;
    }

    /** The options as the report's query parameters, each encoded so the service reads the same value. */
    String query() {
        StringJoiner query = new StringJoiner("&");
        add(query, "by", by);
        add(query, "per", per);
        add(query, "usage", usage);
        add(query, "from", from);
        add(query, "to", to);
        add(query, "limit", limit);
        add(query, "metric", metric);
        add(query, "order", order);
        filters.forEach((dimension, value) -> add(query, dimension, value));
        exclusions.forEach(exclusion -> add(query, "exclude", exclusion));
        return query.toString();
    }

    private static void add(StringJoiner query, String name, String value) {
        if (value != null) {
            query.add(encode(name) + "=" + encode(value));
        }
    }

    private static String encode(String text) {
        // URLEncoder writes a space as +, which a query reads as a space too; %20 says it plainly.
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /**
     * What the report covers, its table (the exclusions above it), the values beyond the limit and
     * the total; every value from the data escaped.
     */
    static void print(JsonNode report, PrintWriter out) {
        StringBuilder heading =
                new StringBuilder("Spend by ").append(report.path("by").asString(""));
        List<String> filters = new ArrayList<>();
        report.path("filters")
                .properties()
                .forEach(f -> filters.add(f.getKey() + " '" + f.getValue().asString() + "'"));
        if (!filters.isEmpty()) {
            heading.append(" for ").append(String.join(", ", filters));
        }
        heading.append(", ")
                .append(report.path("from").asString(""))
                .append(" to ")
                .append(report.path("to").asString(""))
                .append(" (")
                .append(report.path("usage").asString(""))
                .append(" usage)");
        if (report.hasNonNull("per")) {
            heading.insert(
                    "Spend by ".length() + report.path("by").asString("").length(),
                    " per " + report.path("per").asString(""));
        }
        out.println(TerminalText.escape(heading.toString()));
        if (report.hasNonNull("per") && report.path("rows").size() > 0) {
            String without = Table.without(report.path("excluded"));
            out.println();
            if (without != null) {
                out.println(without);
            }
            SpendMatrix.print(report, out);
            return;
        }
        Table table = Table.of(report);
        if (table == null) {
            String without = Table.without(report.path("excluded"));
            if (without != null) {
                out.println(without);
            }
            out.println("No spend in this range.");
            return;
        }
        out.println();
        table.print(out);
        JsonNode others = report.path("others");
        if (others.path("calls").asLong(0) > 0) {
            int beyond =
                    report.path("distinctValues").asInt(0) - report.path("rows").size();
            out.println("Other values (" + beyond + "): " + figures(others));
        }
        out.println("Total: " + figures(report.path("totals")));
        String unpriced = unpriced(report.path("unpriced"));
        if (unpriced != null) {
            out.println(TerminalText.escape(unpriced));
        }
    }

    /**
     * Internal usage whose model had no price counts $0.00 in every figure above: one line saying
     * how much and which models, with the service's own fix, or null when everything was priced.
     */
    static String unpriced(JsonNode u) {
        long calls = u.path("calls").asLong(0);
        if (calls <= 0) {
            return null;
        }
        List<String> models = new ArrayList<>();
        u.path("models").forEach(m -> models.add(m.asString()));
        return "Unpriced: " + Table.format("calls", u.path("calls")) + (calls == 1 ? " row" : " rows")
                + (models.isEmpty() ? "" : " (" + String.join(", ", models) + ")") + ", "
                + Table.format("calls", u.path("inputTokens")) + " input and "
                + Table.format("calls", u.path("outputTokens")) + " output tokens counted as $0.00 (no price for"
                + (models.size() == 1 ? " that model" : " those models") + "); to cost them, "
                + u.path("fix").asString("") + ".";
    }

    private static String figures(JsonNode measures) {
        return Table.format("costUsd", measures.path("costUsd")) + ", " + Table.format("calls", measures.path("calls"))
                + " calls";
    }
}
