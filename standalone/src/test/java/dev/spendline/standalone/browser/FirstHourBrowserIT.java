package dev.spendline.standalone.browser;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.event.ProductEventReader;
import dev.spendline.contracts.query.LastDays;
import dev.spendline.kafka.embedded.FreePorts;
import dev.spendline.standalone.Standalone;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;

/**
 * The dashboard's part of a new user's first hour (issue #31), in a real headless Chromium against
 * a fresh standalone: the empty overview's own instructions executed exactly as the page shows them
 * (its curl, run by a shell with a key made in Settings, and its event appearing), a budget made from
 * the Budgets empty state's suggestion and listed on the page that says "Done", the date fields
 * holding the real default range, a mistyped address answered by a page, and then every page at
 * 1400 px and at a 390 px phone without a sideways scroll. Screenshots land in target/screenshots.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FirstHourBrowserIT {

    private static final Duration EVENTUALLY = Duration.ofSeconds(30);
    private static final Dimension WIDE = new Dimension(1400, 900);
    private static final String EMAIL = "first-hour@example.com";
    private static final String PASSWORD = "a long enough password";
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** Every page of the dashboard, each with something to show once the events below are in. */
    private static final List<String> PAGES = List.of(
            "/app",
            "/app/spend",
            "/app/spend?by=day",
            "/app/spend?usage=internal&by=employee",
            "/app/margin/customers",
            "/app/margin/features",
            "/app/compare?by=feature",
            "/app/waste?by=feature",
            "/app/savings",
            "/app/budgets",
            "/app/alerts",
            "/app/experiments",
            "/app/ask?q=spend+by+customer+this+month",
            "/app/settings",
            "/app/settings/keys",
            "/app/settings/webhooks",
            "/app/settings/members",
            "/app/settings/revenue",
            "/app/settings/grants",
            "/app/no-such-page");

    /** The elements that reach past the page's right edge, for the failure message. */
    private static final String WIDEST =
            """
            const edge = document.documentElement.clientWidth;
            return Array.from(document.querySelectorAll('main *, header *, nav *'))
                .filter(e => e.getBoundingClientRect().right > edge + 0.5)
                .slice(0, 5)
                .map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '')
                    + ' ' + Math.round(e.getBoundingClientRect().right) + ' px')
                .join(', ');
            """;

    private static Standalone spendline;
    private static Browser browser;
    private static String base;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        Browser.requireOrSkip();
        Path dataDir = Files.createTempDirectory("spendline-first-hour-it");
        spendline = Standalone.start(dataDir, FreePorts.loopback(), 0, 2, Map.of());
        base = spendline.baseUrl();
        browser = Browser.start();
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
    @Order(1)
    void theEmptyOverviewsCurlWorksAsWrittenWithAKeyFromSettings() throws Exception {
        browser.open(spendline.setupLink().orElseThrow()).waitForText("Set up Spendline");
        browser.fill("E-mail", EMAIL)
                .fill("Your name", "Fran")
                .fill("Password (at least 10 characters)", PASSWORD)
                .click("Create account")
                .waitForText("No events yet.");
        String fields = browser.text("#ingest-fields");
        // The fields the gateway's reader requires, and no others, as the page words a list.
        List<String> required = ProductEventReader.requiredFields();
        String list = required.size() == 1
                ? required.get(0)
                : String.join(", ", required.subList(0, required.size() - 1)) + " and "
                        + required.get(required.size() - 1);
        assertThat(fields).startsWith("Every event needs " + list + ".");
        String curl = browser.text("#ingest-curl");
        browser.screenshot("first-hour-empty-overview");

        // "Create an API key in Settings, then send one event": exactly that.
        browser.clickLink("Settings");
        browser.open(base + "/app/settings/keys")
                .fill("name", "first")
                .click("Create key")
                .waitForText("Copy key");
        key = browser.text("#new-key");

        // The page's text, run by a shell as a user pastes it; the key is the shell variable it names.
        ProcessBuilder withKey = new ProcessBuilder("bash", "-c", curl).redirectErrorStream(true);
        withKey.environment().put("SPENDLINE_API_KEY", key);
        Process run = withKey.start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(run.exitValue()).as(output).isZero();
        assertThat(output).as("the gateway's answer to the page's curl").contains("\"accepted\":1");

        // The example costs $0.00027: the overview shows it within a second or two.
        awaitText("/app", "$0.00027");
        browser.screenshot("first-hour-first-event");
    }

    @Test
    @Order(2)
    void theBudgetsEmptyStatesSuggestionMakesABudgetListedWithDone() throws Exception {
        browser.open(base + "/app/budgets").waitForText("No budgets match");
        browser.clickLink("Create a budget");
        browser.fill("Name", "Monthly AI")
                .fill("Limit (US dollars per period)", "1")
                .fill("Period", "MONTHLY")
                .fill("Scope", "WORKSPACE")
                .click("Prepare")
                .waitForText("Type this phrase");
        browser.fill("Confirmation phrase", browser.text("#phrase-to-type")).click("Confirm");
        browser.waitForText("Done");
        String page = browser.text("main");
        assertThat(page).contains("Monthly AI").doesNotContain("No budgets match");
        browser.screenshot("first-hour-budget-done");
    }

    @Test
    @Order(3)
    void theDateFieldsHoldTheLast30DaysAsValues() {
        LastDays last30 = LastDays.endingToday(Clock.systemUTC());
        browser.open(base + "/app/spend");
        assertThat(browser.driver().findElement(By.name("from")).getAttribute("value"))
                .isEqualTo(last30.first().toString());
        assertThat(browser.driver().findElement(By.name("to")).getAttribute("value"))
                .isEqualTo(last30.last().toString());
        assertThat(browser.driver().findElement(By.name("from")).getDomAttribute("placeholder"))
                .as("a sample date that looks like a value")
                .isNull();
    }

    @Test
    @Order(4)
    void aMistypedAddressIsAPageAndTheFaviconIsThere() throws Exception {
        browser.open(base + "/app/spnd").waitForText("There is no such page");
        browser.clickLink("Go to the overview").waitForText("Overview");
        HttpResponse<byte[]> icon = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/favicon.ico")).build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(icon.statusCode()).isEqualTo(200);
        assertThat(icon.body()).startsWith(0, 0, 1, 0);
    }

    /**
     * With waste, a recommendation, an alert (the $1 budget is spent) and internal usage in, every
     * page fits its window: at 1400 px and at 390 px the document is no wider than the viewport.
     */
    @Test
    @Order(5)
    void everyPageFitsALaptopAndAPhoneWithoutSidewaysScrolling() throws Exception {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        for (int i = 0; i < 12; i++) {
            post(
                    "/api/v1/events",
                    event(
                            "w" + i,
                            "acme-corporation-international",
                            "search-answer-generation",
                            "4.25",
                            i % 3 == 0 ? "error" : "success",
                            now));
        }
        post("/api/v1/events", event("w-ok", "globex", "chat", "2.00", "success", now));
        post(
                "/api/v1/internal-usage",
                "{\"sourceKey\":\"laptop-1\",\"sourceKind\":\"collector\",\"tool\":\"codex\","
                        + "\"employeeEmail\":\"a.very.long.address.of.a.developer@example.com\",\"teamName\":\"platform\","
                        + "\"inputTokens\":500,\"outputTokens\":50,\"costUsd\":4.40,\"externalId\":\"u-1\",\"ts\":\""
                        + now + "\"}");
        awaitText("/app/alerts", "Monthly AI");
        awaitText("/app/savings", "Evidence");
        // A webhook endpoint with a long address, so the webhooks page has a row to lay out.
        HttpResponse<String> webhook = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "/api/v1/webhooks"))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .POST(
                                HttpRequest.BodyPublishers.ofString(
                                        "{\"url\":\"http://127.0.0.1:9/a/rather/long/path/of/a/receiver/for/spendline/alerts\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(webhook.statusCode()).as(webhook.body()).isEqualTo(201);

        List<String> tooWide = new ArrayList<>();
        for (Dimension size : List.of(WIDE, Browser.PHONE)) {
            browser.driver().manage().window().setSize(size);
            for (String path : PAGES) {
                browser.open(base + path).waitForText("Spendline");
                JavascriptExecutor js = (JavascriptExecutor) browser.driver();
                long page = ((Number) js.executeScript("return document.documentElement.scrollWidth;")).longValue();
                long window = ((Number) js.executeScript("return window.innerWidth;")).longValue();
                // The window less a vertical scrollbar: wider than this also scrolls sideways.
                long visible = ((Number) js.executeScript("return document.documentElement.clientWidth;")).longValue();
                String name = "first-hour-" + size.getWidth() + path.replaceAll("[^a-z]+", "-");
                browser.screenshot(name);
                if (page > window || page > visible) {
                    tooWide.add(path + " at " + size.getWidth() + " px: " + page + " px wide in a " + window
                            + " px window (" + visible + " px inside its scrollbar; target/screenshots/" + name
                            + ".png): " + js.executeScript(WIDEST));
                }
            }
        }
        assertThat(tooWide).as("pages that scroll sideways").isEmpty();
    }

    /** At 390 px, a wide table is cards: Savings keeps "What to do" on screen and Budgets its state. */
    @Test
    @Order(6)
    void onAPhoneWideTablesAreCardsWithTheirColumnsNamed() {
        browser.phone();
        browser.open(base + "/app/savings").waitForText("Spendline");
        assertCellOnScreenAndNamed("What to do");
        double evidence = assertCellOnScreenAndNamed("Evidence");
        assertThat(evidence).as("the Evidence cell's width on a phone").isGreaterThan(250);

        browser.open(base + "/app/budgets").waitForText("Monthly AI");
        for (String column : List.of("Spent", "Used", "State")) {
            assertCellOnScreenAndNamed(column);
        }
        browser.check("first-hour-390-budgets-cards");
        browser.laptop();
    }

    /**
     * The first cell of the column: wholly inside the window, and labelled with the column's name
     * (a CSS label, as the header row is hidden on a phone). Returns its width.
     */
    private static double assertCellOnScreenAndNamed(String column) {
        JavascriptExecutor js = (JavascriptExecutor) browser.driver();
        @SuppressWarnings("unchecked")
        Map<String, Object> cell = (Map<String, Object>) js.executeScript(
                """
                const cell = document.querySelector('td[data-label="' + arguments[0] + '"]');
                if (!cell) return null;
                const box = cell.getBoundingClientRect();
                return {left: box.left, right: box.right, width: box.width, window: window.innerWidth,
                        label: getComputedStyle(cell, '::before').content};
                """,
                column);
        assertThat(cell)
                .as("a cell of the column " + column + " on " + browser.currentUrl())
                .isNotNull();
        double right = ((Number) cell.get("right")).doubleValue();
        double window = ((Number) cell.get("window")).doubleValue();
        assertThat(((Number) cell.get("left")).doubleValue())
                .as(column + "'s left edge")
                .isGreaterThanOrEqualTo(0);
        assertThat(right)
                .as(column + "'s right edge in a " + window + " px window")
                .isLessThanOrEqualTo(window);
        assertThat((String) cell.get("label")).as(column + "'s label").contains(column);
        return ((Number) cell.get("width")).doubleValue();
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
            sleep(300);
        }
    }

    private static void post(String path, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Authorization", "Bearer " + key)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private static String event(String id, String tenant, String feature, String cost, String status, Instant ts) {
        return "{\"provider\":\"openai\",\"model\":\"gpt-4.1\",\"promptTokens\":1000,\"outputTokens\":200,"
                + "\"costUsd\":" + cost + ",\"feature\":\"" + feature + "\",\"tenantId\":\"" + tenant + "\","
                + "\"status\":\"" + status + "\",\"ts\":\"" + ts + "\",\"source\":\"first-hour-it\",\"externalId\":\""
                + id + "\"}";
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
