package dev.spendline.standalone.browser;

import com.deque.html.axecore.results.CheckedNode;
import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import com.deque.html.axecore.selenium.AxeReporter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.chromium.ChromiumDriverLogLevel;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Debian Chromium driven through the installed chromedriver, with the steps browser tests
 * take: open a page, fill a field by its label, click a button by its text, wait for text, save a
 * full-page screenshot under {@code target/screenshots/} and check the page with axe-core (report
 * under {@code target/axe/}).
 *
 * <p>Both binaries are given by path, so Selenium Manager never runs and nothing is downloaded. Each
 * instance has its own profile under {@code target/browser/}, removed on {@link #close()}. Call
 * {@link #start()} (which calls {@link #requireOrSkip()}) from a {@code @BeforeAll}.
 */
public final class Browser implements AutoCloseable {

    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** CI sets it ({@code .ci/run}): a missing browser is a failure there, not a skip. */
    public static final String REQUIRE_VARIABLE = "SPENDLINE_REQUIRE_BROWSER";

    public static final Dimension LAPTOP = new Dimension(1366, 900);
    public static final Dimension PHONE = new Dimension(390, 844);
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /** axe impacts that fail {@link #assertAccessible(String)}; minor and moderate ones are only reported. */
    private static final Set<String> FAILING_IMPACTS = Set.of("serious", "critical");

    private static final Path TARGET = Path.of(System.getProperty("basedir", "."), "target");
    public static final Path SCREENSHOTS = TARGET.resolve("screenshots");
    public static final Path AXE_REPORTS = TARGET.resolve("axe");
    private static final Path PROFILES = TARGET.resolve("browser");

    /** The control a label names ({@code for} or nesting), else the first element with that name. */
    private static final String FIND_FIELD =
            """
            const wanted = arguments[0];
            const normalize = s => (s || '').replace(/\\s+/g, ' ').trim();
            for (const label of document.querySelectorAll('label')) {
              if (label.control && normalize(label.textContent) === wanted) return label.control;
            }
            for (const field of document.querySelectorAll('[aria-label]')) {
              if (normalize(field.getAttribute('aria-label')) === wanted) return field;
            }
            return document.getElementsByName(wanted)[0] || null;
            """;

    /** A visible button (or button-like input or role) whose text, value or aria-label is the text. */
    private static final String FIND_BUTTON =
            """
            const wanted = arguments[0];
            const normalize = s => (s || '').replace(/\\s+/g, ' ').trim();
            const candidates = document.querySelectorAll(
                'button, input[type=submit], input[type=button], input[type=reset], [role=button]');
            for (const element of candidates) {
              const names = [element.innerText, element.value, element.getAttribute('aria-label')];
              if (element.getClientRects().length > 0 && names.some(n => normalize(n) === wanted)) {
                return element;
              }
            }
            return null;
            """;

    private final Path profile;
    private final ChromeDriverService service;
    private final ChromeDriver driver;

    private Browser(Path profile, ChromeDriverService service, ChromeDriver driver) {
        this.profile = profile;
        this.service = service;
        this.driver = driver;
    }

    /**
     * Skips the calling test (a JUnit assumption) when chromium or chromedriver is missing, unless
     * {@value #REQUIRE_VARIABLE} is set (to anything but empty or {@code 0}): then it fails.
     */
    public static void requireOrSkip() {
        requireOrSkip(List.of(CHROMIUM, CHROMEDRIVER), System.getenv(REQUIRE_VARIABLE));
    }

    static void requireOrSkip(List<Path> binaries, String required) {
        List<String> missing = binaries.stream()
                .filter(binary -> !Files.isExecutable(binary))
                .map(Path::toString)
                .toList();
        if (missing.isEmpty()) {
            return;
        }
        String message = "missing " + missing + ": apt-get install -y chromium chromium-driver to run browser tests";
        if (required != null && !required.isBlank() && !required.equals("0")) {
            throw new AssertionError(message + " (" + REQUIRE_VARIABLE + "=" + required + ")");
        }
        Assumptions.abort(message);
    }

    /** Starts headless Chromium at laptop size, after {@link #requireOrSkip()}. */
    public static Browser start() {
        requireOrSkip();
        try {
            Files.createDirectories(PROFILES);
            Path profile = Files.createTempDirectory(PROFILES, "profile-");
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toString());
            options.addArguments(
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--window-size=" + LAPTOP.getWidth() + "," + LAPTOP.getHeight(),
                    "--user-data-dir=" + profile.toAbsolutePath());
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .withLogLevel(ChromiumDriverLogLevel.WARNING)
                    .withLogFile(profile.resolveSibling(profile.getFileName() + "-chromedriver.log")
                            .toFile())
                    .build();
            Browser browser = new Browser(profile, service, new ChromeDriver(service, options));
            browser.laptop();
            return browser;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The driver itself, for what the helpers here do not cover. */
    public WebDriver driver() {
        return driver;
    }

    /** Resizes the window to 1366 x 900. */
    public Browser laptop() {
        driver.manage().window().setSize(LAPTOP);
        return this;
    }

    /** Resizes the window to a phone's 390 x 844 (the viewport; no touch or user-agent emulation). */
    public Browser phone() {
        driver.manage().window().setSize(PHONE);
        return this;
    }

    /** Loads the URL and waits for its load event. */
    public Browser open(String url) {
        driver.get(url);
        return this;
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    /** The visible text of the first element the CSS selector matches, waiting for it to appear. */
    public String text(String cssSelector) {
        return waitFor(
                        "an element matching " + cssSelector,
                        DEFAULT_TIMEOUT,
                        d -> d.findElements(By.cssSelector(cssSelector)).stream()
                                .findFirst()
                                .orElse(null))
                .getText();
    }

    /** Waits up to {@link #DEFAULT_TIMEOUT} for the page's visible text to contain the text. */
    public Browser waitForText(String text) {
        return waitForText(text, DEFAULT_TIMEOUT);
    }

    /** Waits for the page's visible text to contain the text; fails with the page's text when it does not. */
    public Browser waitForText(String text, Duration timeout) {
        waitFor(
                timeout,
                d -> pageText().contains(text),
                () -> "\"" + text + "\" did not appear within " + timeout.toMillis() + " ms on " + currentUrl()
                        + "; the page reads:\n" + pageText());
        return this;
    }

    /**
     * Types the value into the field whose label text (a {@code <label>} or {@code aria-label}) or
     * {@code name} is the given one, replacing what it held; for a {@code <select>}, picks the option
     * with that visible text.
     */
    public Browser fill(String labelOrName, String value) {
        WebElement field = waitFor("a field labelled or named \"" + labelOrName + "\"", DEFAULT_TIMEOUT, d ->
                (WebElement) ((JavascriptExecutor) d).executeScript(FIND_FIELD, labelOrName));
        if (field.getTagName().equalsIgnoreCase("select")) {
            new Select(field).selectByVisibleText(value);
        } else {
            field.clear();
            field.sendKeys(value);
        }
        return this;
    }

    /** Clicks the visible button whose text (or value, or aria-label) is the given one, once clickable. */
    public Browser click(String buttonText) {
        WebElement button = waitFor("a button \"" + buttonText + "\"", DEFAULT_TIMEOUT, d ->
                (WebElement) ((JavascriptExecutor) d).executeScript(FIND_BUTTON, buttonText));
        new WebDriverWait(driver, DEFAULT_TIMEOUT)
                .until(ExpectedConditions.elementToBeClickable(button))
                .click();
        return this;
    }

    /** Clicks the link whose visible text is the given one. */
    public Browser clickLink(String linkText) {
        waitFor(
                        "a link \"" + linkText + "\"",
                        DEFAULT_TIMEOUT,
                        ExpectedConditions.elementToBeClickable(By.linkText(linkText)))
                .click();
        return this;
    }

    /** Saves a full-page PNG as {@code target/screenshots/<name>.png} and returns its path. */
    @SuppressWarnings("unchecked")
    public Path screenshot(String name) {
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        Map<String, Object> content = (Map<String, Object>) metrics.get("cssContentSize");
        Map<String, Object> clip = Map.of(
                "x", 0,
                "y", 0,
                "width", ((Number) content.get("width")).doubleValue(),
                "height", ((Number) content.get("height")).doubleValue(),
                "scale", 1);
        Map<String, Object> shot = driver.executeCdpCommand(
                "Page.captureScreenshot", Map.of("format", "png", "captureBeyondViewport", true, "clip", clip));
        return write(SCREENSHOTS, name, ".png", Base64.getDecoder().decode((String) shot.get("data")));
    }

    /**
     * Runs axe-core on the current page, writes its full result as {@code target/axe/<name>.json}, and
     * fails listing every violation of impact serious or critical (rule id, impact, help, elements).
     */
    public void assertAccessible(String name) {
        Results results = new AxeBuilder().analyze(driver);
        Path report =
                write(AXE_REPORTS, name, ".json", AxeReporter.serialize(results).getBytes(StandardCharsets.UTF_8));
        if (results.isErrored()) {
            throw new AssertionError("axe-core failed on " + currentUrl() + ": " + results.getErrorMessage());
        }
        List<Rule> failing = results.getViolations().stream()
                .filter(rule -> FAILING_IMPACTS.contains(String.valueOf(rule.getImpact())))
                .toList();
        if (failing.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder()
                .append(failing.size())
                .append(" serious or critical accessibility violation(s) on ")
                .append(currentUrl())
                .append(" (")
                .append(report)
                .append("):");
        for (Rule rule : failing) {
            message.append("\n- ")
                    .append(rule.getId())
                    .append(" (")
                    .append(rule.getImpact())
                    .append("): ")
                    .append(rule.getHelp())
                    .append(" ")
                    .append(rule.getHelpUrl());
            for (CheckedNode node : rule.getNodes()) {
                message.append("\n    ").append(node.getTarget()).append("  ").append(node.getHtml());
            }
        }
        throw new AssertionError(message.toString());
    }

    /** {@link #screenshot(String)} then {@link #assertAccessible(String)}: what every page of a flow gets. */
    public Browser check(String name) {
        screenshot(name);
        assertAccessible(name);
        return this;
    }

    /** Quits the browser and the driver, then removes the profile. */
    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            service.stop();
            deleteProfile();
        }
    }

    private String pageText() {
        for (int attempt = 1; ; attempt++) {
            try {
                return driver.findElement(By.tagName("body")).getText();
            } catch (WebDriverException e) {
                // A navigation between finding the body and reading it: Chrome reports the old body as
                // "Node with given id does not belong to the document" (not as a stale element). Read
                // the new page instead.
                if (attempt == 3
                        || e.getMessage() == null
                        || !e.getMessage().contains("does not belong to the document")) {
                    throw e;
                }
            }
        }
    }

    /** The first non-null value of the condition, or an {@link AssertionError} naming what never came. */
    private <T> T waitFor(String what, Duration timeout, Function<WebDriver, T> condition) {
        return waitFor(
                timeout, condition, () -> "no " + what + " within " + timeout.toMillis() + " ms on " + currentUrl());
    }

    private <T> T waitFor(Duration timeout, Function<WebDriver, T> condition, Supplier<String> failure) {
        try {
            // A page that navigates while it is read (a form's redirect, a live update) leaves stale
            // elements behind: read again on the next tick rather than fail.
            WebDriverWait wait = new WebDriverWait(driver, timeout);
            wait.ignoring(StaleElementReferenceException.class);
            return wait.until(condition);
        } catch (TimeoutException e) {
            throw new AssertionError(failure.get(), e);
        }
    }

    private static Path write(Path directory, String name, String extension, byte[] bytes) {
        try {
            Files.createDirectories(directory);
            String file = name.replaceAll("[^A-Za-z0-9._-]", "-") + extension;
            return Files.write(directory.resolve(file), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void deleteProfile() {
        try (Stream<Path> paths = Files.walk(profile)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove the browser profile " + profile, e);
        }
    }
}
