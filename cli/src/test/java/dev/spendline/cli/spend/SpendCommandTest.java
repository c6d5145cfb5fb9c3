package dev.spendline.cli.spend;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.cli.Environment;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.InProcessCli;
import dev.spendline.cli.InProcessCli.Result;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spendline spend} in-process against a fake service that answers the spend report with a
 * fixed body and remembers each request's query as sent.
 */
class SpendCommandTest {

    private static final String REPORT =
            """
            {"workspaceId": "ws_1", "usage": "product", "by": "feature",
             "from": "2026-11-01T00:00:00Z", "to": "2026-11-11T00:00:00Z", "filters": {"tenant": "acme"},
             "limit": 1, "metric": "cost", "order": "desc", "distinctValues": 2,
             "rows": [{"value": "chat", "measures": {"costUsd": 400.00, "calls": 600}, "metricValue": 400.00}],
             "others": {"costUsd": 34.56, "calls": 34},
             "totals": {"costUsd": 434.56, "calls": 1634},
             "excluded": {"model": ["gpt-4o"], "feature": ["search"]}}
            """;

    private static final String REFUSED =
            """
            {"code": "invalid_parameters", "detail": "Invalid parameters",
             "errors": [{"pointer": "exclude", "message": "must be dimension:value (e.g. feature:onboarding), not 'search'"}]}
            """;

    @TempDir
    Path home;

    private HttpServer server;
    private final List<String> queries = new ArrayList<>();
    private int status = 200;
    private String body = REPORT;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext(SpendCommand.PATH, exchange -> {
            queries.add(exchange.getRequestURI().getRawQuery());
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders()
                    .add("content-type", status == 200 ? "application/json" : "application/problem+json");
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private Result run(String... args) {
        return InProcessCli.run(
                new Environment(
                        Map.of(
                                "HOME",
                                home.toString(),
                                Environment.API_KEY,
                                "sk_test",
                                Environment.URL,
                                "http://127.0.0.1:" + server.getAddress().getPort()),
                        new Properties()),
                args);
    }

    @Test
    void eachExcludeIsARepeatedQueryParameterAndTheTableIsHeadedByTheExclusions() {
        Result result = run(
                "spend",
                "--by",
                "feature",
                "--filter",
                "tenant=acme",
                "--limit",
                "1",
                "--exclude",
                "feature:search",
                "--exclude",
                "model:gpt 4o+mini");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(queries)
                .containsExactly(
                        "by=feature&limit=1&tenant=acme&exclude=feature%3Asearch&exclude=model%3Agpt%204o%2Bmini");
        assertThat(result.out().lines())
                .containsExactly(
                        "Spend by feature for tenant 'acme', 2026-11-01T00:00:00Z to 2026-11-11T00:00:00Z (product usage)",
                        "",
                        "Without: model 'gpt-4o', feature 'search'",
                        "feature     cost  calls",
                        "chat     $400.00    600",
                        "Other values (1): $34.56, 34 calls",
                        "Total: $434.56, 1,634 calls");
    }

    private static final String PER_WEEK =
            """
            {"workspaceId": "ws_1", "usage": "product", "by": "model", "per": "week",
             "from": "2026-11-02T00:00:00Z", "to": "2026-11-16T00:00:00Z", "filters": {},
             "limit": 2, "metric": "cost", "order": "desc", "distinctValues": 3,
             "rows": [{"value": "gpt-4.1", "period": "2026-11-02", "measures": {"costUsd": 500.004, "calls": 4}, "metricValue": 500.004},
                      {"value": "gpt-4.1", "period": "2026-11-09", "measures": {"costUsd": 300.006, "calls": 2}, "metricValue": 300.006},
                      {"value": null, "period": "2026-11-02", "measures": {"costUsd": 0.00, "calls": 0}, "metricValue": 0.00},
                      {"value": null, "period": "2026-11-09", "measures": {"costUsd": 1234.5, "calls": 6}, "metricValue": 1234.5}],
             "others": {"costUsd": 34.56, "calls": 34},
             "totals": {"costUsd": 2069.07, "calls": 46},
             "excluded": {"feature": ["onboarding"]},
             "periodTotals": [{"value": "2026-11-02", "period": "2026-11-02", "measures": {"costUsd": 534.564, "calls": 38}, "metricValue": 534.564},
                              {"value": "2026-11-09", "period": "2026-11-09", "measures": {"costUsd": 1534.506, "calls": 8}, "metricValue": 1534.506}],
             "periodOthers": [{"value": "2026-11-02", "period": "2026-11-02", "measures": {"costUsd": 34.56, "calls": 34}, "metricValue": 34.56},
                              {"value": "2026-11-09", "period": "2026-11-09", "measures": {"costUsd": 0.00, "calls": 0}, "metricValue": 0.00}]}
            """;

    @Test
    void perPrintsAMatrixOfValuesByPeriodsWithTotalsThatAddUp() {
        body = PER_WEEK;
        Result result = run("spend", "--by", "model", "--per", "week", "--exclude", "feature:onboarding");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(queries).containsExactly("by=model&per=week&exclude=feature%3Aonboarding");
        assertThat(result.out().lines())
                .containsExactly(
                        "Spend by model per week, 2026-11-02T00:00:00Z to 2026-11-16T00:00:00Z (product usage)",
                        "",
                        "Without: feature 'onboarding'",
                        "model             2026-11-02  2026-11-09      total",
                        "gpt-4.1              $500.00     $300.01    $800.01",
                        "(unattributed)         $0.00   $1,234.50  $1,234.50",
                        "Other values (1)      $34.56       $0.00     $34.56",
                        "Total                $534.56   $1,534.51  $2,069.07");
    }

    @Test
    void perWithJsonPrintsTheServicesRowsUnchanged() {
        body = PER_WEEK;
        Result result = run("spend", "--by", "model", "--per", "week", "--json");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).contains("\"period\": \"2026-11-09\"", "\"periodTotals\"");
    }

    @Test
    void unpricedInternalUsageIsOneLineAfterTheTotalWithTheFix() {
        body =
                """
                {"workspaceId": "ws_1", "usage": "internal", "by": "model",
                 "from": "2026-11-01T00:00:00Z", "to": "2026-11-11T00:00:00Z", "filters": {},
                 "limit": 20, "metric": "cost", "order": "desc", "distinctValues": 2,
                 "rows": [{"value": "claude-sonnet-4", "measures": {"costUsd": 1.50, "calls": 10}, "metricValue": 1.50},
                          {"value": "gpt-9-turbo", "measures": {"costUsd": 0.00, "calls": 3}, "metricValue": 0.00}],
                 "others": {"costUsd": 0.00, "calls": 0},
                 "totals": {"costUsd": 1.50, "calls": 13},
                 "excluded": {},
                 "unpriced": {"calls": 3, "inputTokens": 42000, "cachedInputTokens": 30000, "outputTokens": 1500,
                              "models": ["gpt-9-turbo"], "fix": "add a price row (see docs/pricing.md)"}}
                """;
        Result result = run("spend", "--by", "model", "--usage", "internal");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(result.out().lines())
                .endsWith(
                        "Total: $1.50, 13 calls",
                        "Unpriced: 3 rows (gpt-9-turbo), 42,000 input and 1,500 output tokens counted as $0.00 (no"
                                + " price for that model); to cost them, add a price row (see docs/pricing.md).");
    }

    @Test
    void aReportWithNothingUnpricedSaysNothingAboutIt() {
        Result result = run("spend", "--by", "feature");
        assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).doesNotContain("Unpriced");
    }

    @Test
    void jsonIsTheServicesAnswerUnchangedExcludedIncluded() {
        Result result = run("spend", "--by", "feature", "--exclude", "feature:search", "--json");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(result.out()).contains("\"excluded\": {\"model\": [\"gpt-4o\"], \"feature\": [\"search\"]}");
        assertThat(queries).containsExactly("by=feature&exclude=feature%3Asearch");
    }

    @Test
    void aRefusedExclusionIsOneLineWithTheServicesProblem() {
        status = 400;
        body = REFUSED;
        Result result = run("spend", "--by", "feature", "--exclude", "search");
        assertThat(result.exitCode()).isEqualTo(ExitCodes.ERROR);
        assertThat(result.err())
                .isEqualTo("spendline: Invalid parameters (exclude: must be dimension:value (e.g. feature:onboarding),"
                        + " not 'search') [invalid_parameters, HTTP 400]\n");
    }

    @Test
    void helpNamesExcludeAndByIsRequired() {
        Result help = run("spend", "--help");
        assertThat(help.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(help.out()).contains("--exclude=DIMENSION:VALUE", "Leave out the spend with this value");
        assertThat(help.out()).contains("--per=PERIOD", "a second grouping");
        Result missing = run("spend", "--exclude", "feature:search");
        assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(missing.err()).contains("Missing required option: '--by=BY'");
        assertThat(queries).isEmpty();
    }
}
