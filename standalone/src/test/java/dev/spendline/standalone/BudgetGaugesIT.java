package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.budget.Budget;
import dev.spendline.contracts.budget.BudgetPeriod;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.controlplane.keys.ApiKeyRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.query.settings.SettingsWriter;
import dev.spendline.topics.Topics;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The budget gauges on a running standalone (on by default there): a budget written to its topic and
 * events sent through the ingest API show up as {@code spendline_budget_used_ratio{budget,workspace}}
 * with the exact ratio on the internal port's {@code /actuator/prometheus}, never on the public port,
 * and the series goes once the budget is deleted.
 */
class BudgetGaugesIT {

    private static Standalone spendline;
    private static SpendlineHttp http;
    private static String lastScrape = "";

    @BeforeAll
    static void start() throws Exception {
        spendline = Standalone.start(
                Files.createTempDirectory("spendline-budget-gauges-it"),
                FreePorts.loopback(),
                0,
                2,
                Map.of("spendline.metrics.budget-gauges.interval", "500ms"));
        http = new SpendlineHttp(spendline.baseUrl());
    }

    @AfterAll
    static void stop() {
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void aBudgetsUsedRatioIsScrapedFromTheInternalPortAndGoesWithTheBudget() {
        var ctx = spendline.context();
        Workspace workspace = ctx.getBean(WorkspaceRepository.class).create("Gauges IT", Plan.TEAM);
        String key =
                ctx.getBean(ApiKeyRepository.class).issue(workspace.id(), "it").secret();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Budget budget = new Budget(
                Budget.SCHEMA_VERSION,
                workspace.id(),
                "bud_gaugesit000000000001",
                "Everything monthly",
                BudgetScope.WORKSPACE,
                null,
                BudgetPeriod.MONTHLY,
                new BigDecimal("80"),
                now,
                "key_it");
        SettingsWriter settings = ctx.getBean(SettingsWriter.class);
        settings.put(Topics.BUDGETS, workspace.id(), budget.key(), budget);
        assertThat(http.post(
                                "/api/v1/events",
                                key,
                                SpendlineHttp.batch(List.of(
                                        SpendlineHttp.eventAt("g-1", "search", "30", now),
                                        SpendlineHttp.eventAt("g-2", "chat", "10", now))))
                        .status())
                .isEqualTo(202);

        // 40 of 80 spent this month.
        String series =
                "spendline_budget_used_ratio{budget=\"" + budget.id() + "\",workspace=\"" + workspace.id() + "\"}";
        assertThat(awaitSeries(series, value -> value == 0.5)).as(lastScrape).hasValue(0.5);
        assertThat(new SpendlineHttp(spendline.baseUrl())
                        .get("/actuator/prometheus", null)
                        .status())
                .isIn(401, 404);

        settings.put(Topics.BUDGETS, workspace.id(), budget.key(), null);
        assertThat(awaitSeries(series, value -> Double.isNaN(value))).isEmpty();
    }

    /**
     * Scrapes until the series has a value {@code wanted} accepts (NaN stands for "no such series"),
     * 30 s at most; the last value seen, or empty when the series was absent.
     */
    private static OptionalDouble awaitSeries(String series, DoublePredicate wanted) {
        SpendlineHttp internal = new SpendlineHttp(spendline.internalUrl());
        Pattern line = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        OptionalDouble last = OptionalDouble.empty();
        while (System.nanoTime() < deadline) {
            String body = internal.get("/actuator/prometheus", null).raw().body();
            lastScrape = body.lines()
                    .filter(l -> l.contains("spendline_budget"))
                    .reduce("budget series scraped:", (a, b) -> a + "\n" + b);
            Matcher m = line.matcher(body);
            last = m.find() ? OptionalDouble.of(Double.parseDouble(m.group(1))) : OptionalDouble.empty();
            if (wanted.test(last.orElse(Double.NaN))) {
                return last;
            }
            SpendlineHttp.sleep(200);
        }
        return last;
    }
}
