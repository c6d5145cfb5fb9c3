package dev.spendline.standalone.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;

/**
 * Two groupings in the spend explorer, in a real headless Chromium against the real standalone:
 * spend by model per day over three days, one model without spend on one of them. The pivot table
 * lists every day for every model ($0.00 where it had none), with totals per model and per day that
 * add up; the stacked chart is drawn; and neither a 1400 px screen nor a 390 px phone scrolls
 * sideways (the table scrolls in its own box).
 */
class SpendPivotBrowserIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static Standalone spendline;
    private static Browser browser;
    private static String base;

    @BeforeAll
    static void start() throws Exception {
        Browser.requireOrSkip();
        spendline =
                Standalone.start(Files.createTempDirectory("spendline-pivot-it"), FreePorts.loopback(), 0, 2, Map.of());
        base = spendline.baseUrl();
        String key = spendline.firstKey().orElseThrow().secret();
        browser = Browser.start();
        Instant twoDaysAgo = NOW.minus(Duration.ofDays(2));
        Instant yesterday = NOW.minus(Duration.ofDays(1));
        send(key, event("p1", "gpt-4.1", "10.00", twoDaysAgo));
        send(key, event("p2", "gpt-4.1", "5.25", NOW));
        send(key, event("p3", "claude-sonnet-4", "2.50", yesterday));
        send(key, event("p4", "claude-sonnet-4", "1.00", NOW));
        browser.open(spendline.setupLink().orElseThrow()).waitForText("Set up Spendline");
        browser.fill("E-mail", "pivot@example.com")
                .fill("Your name", "Piv")
                .fill("Password (at least 10 characters)", "a long enough password")
                .click("Create account");
        browser.waitForText("Default workspace");
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
        if (spendline != null) {
            spendline.close();
        }
    }

    @Test
    void aPivotOfModelsPerDayListsEveryDayWithTotalsThatAddUpOnAScreenAndAPhone() {
        LocalDate today = LocalDate.ofInstant(NOW, ZoneOffset.UTC);
        String path = "/app/spend?by=model&per=day&from=" + today.minusDays(2) + "&to=" + today;
        browser.driver().manage().window().setSize(new Dimension(1400, 900));
        awaitText(path, "$18.75");

        assertThat(headers())
                .containsExactly(
                        "Model",
                        today.minusDays(2).toString(),
                        today.minusDays(1).toString(),
                        today.toString(),
                        "Total");
        assertThat(cells("gpt-4.1")).containsExactly("$10.00", "$0.00", "$5.25", "$15.25");
        assertThat(cells("claude-sonnet-4")).containsExactly("$0.00", "$2.50", "$1.00", "$3.50");
        assertThat(cells("Total")).containsExactly("$10.00", "$2.50", "$6.25", "$18.75");
        JavascriptExecutor js = (JavascriptExecutor) browser.driver();
        // The stacked chart is drawn from the same cells: a bar per day, a series per model.
        Object series = js.executeScript("const c = document.querySelector('canvas[data-stacked-chart]');"
                + " const chart = c && window.Chart ? Chart.getChart(c) : null;"
                + " return chart ? chart.data.datasets.map(d => d.label + '=' + d.data.join('/')) : null;");
        assertThat(series).asList().containsExactly("gpt-4.1=10/0/5.25", "claude-sonnet-4=0/2.5/1");
        assertNoSidewaysScroll("1400 px");
        browser.check("spend-pivot");

        browser.phone().open(base + path).waitForText("$18.75");
        assertThat(cells("Total")).containsExactly("$10.00", "$2.50", "$6.25", "$18.75");
        assertNoSidewaysScroll("390 px");
        browser.check("spend-pivot-phone");
        browser.laptop();
    }

    /**
     * The pivot's column headings. Read in one script, as {@link #cells}: the results refresh every
     * second, and element handles taken before a refresh are stale after it.
     */
    @SuppressWarnings("unchecked")
    private static List<String> headers() {
        return (List<String>) ((JavascriptExecutor) browser.driver())
                .executeScript("return [...document.querySelectorAll('table.pivot thead th')]"
                        + ".map(th => th.textContent.trim());");
    }

    /**
     * The cells of the pivot's line named {@code name}, in the order shown: their text content (on a
     * phone, cells scrolled out of the box have no visible text), read in one script.
     */
    @SuppressWarnings("unchecked")
    private static List<String> cells(String name) {
        Object cells = ((JavascriptExecutor) browser.driver())
                .executeScript(
                        "for (const row of document.querySelectorAll('table.pivot tr')) {"
                                + " const th = row.querySelector('th[scope=row]');"
                                + " if (th && th.textContent.trim() === arguments[0])"
                                + " return [...row.querySelectorAll('td')].map(td => td.textContent.trim()); }"
                                + " return null;",
                        name);
        if (cells == null) {
            throw new AssertionError("no line " + name + " in " + browser.text("table.pivot"));
        }
        return (List<String>) cells;
    }

    private static void assertNoSidewaysScroll(String screen) {
        JavascriptExecutor js = (JavascriptExecutor) browser.driver();
        Number pageWidth = (Number) js.executeScript("return document.documentElement.scrollWidth;");
        Number screenWidth = (Number) js.executeScript("return window.innerWidth;");
        assertThat(pageWidth.intValue()).as("page width on " + screen).isLessThanOrEqualTo(screenWidth.intValue());
    }

    /** Reloads {@code path} until {@code text} shows: events reach the stores through Kafka a moment later. */
    private static void awaitText(String path, String text) {
        long deadline = System.nanoTime() + EVENTUALLY.toNanos();
        while (true) {
            browser.open(base + path);
            if (browser.driver().getPageSource().contains(text)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(path + " never showed " + text + "; it shows: " + browser.text("main"));
            }
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static void send(String key, String event) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/events"))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(event))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private static String event(String id, String model, String cost, Instant ts) {
        return "{\"provider\":\"openai\",\"model\":\"" + model + "\",\"promptTokens\":1000,\"outputTokens\":200,"
                + "\"costUsd\":" + cost + ",\"feature\":\"search\",\"tenantId\":\"acme\",\"status\":\"success\","
                + "\"ts\":\"" + ts + "\",\"source\":\"pivot-it\",\"externalId\":\"" + id + "\"}";
    }
}
