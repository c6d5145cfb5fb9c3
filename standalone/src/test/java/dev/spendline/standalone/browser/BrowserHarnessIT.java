package dev.spendline.standalone.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The browser harness itself, against tiny pages served by the JDK's HTTP server: screenshots, the
 * axe-core check (passing and failing), waiting for text a script writes later, and a form filled
 * by label and by name, submitted by its button's text.
 */
class BrowserHarnessIT {

    private static final String HEAD =
            """
            <!doctype html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>%s</title></head>
            <body><main><h1>%s</h1>
            """;
    private static final String TAIL = "</main></body></html>";

    private static final Map<String, String> PAGES = Map.of(
            "/accessible.html",
            page("Spend", "<p>Spend this month: $1,234.56</p>"),
            "/inaccessible.html",
            page("Waste", "<p>Waste by kind</p><img src=\"/chart.svg\" width=\"40\" height=\"40\">"),
            "/chart.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"40\"><rect width=\"40\" height=\"40\"/></svg>",
            "/later.html",
            page("Live", "<p id=\"status\">Waiting for events</p><script src=\"/later.js\"></script>"),
            "/later.js",
            "setTimeout(() => { document.getElementById('status').textContent = 'Event arrived'; }, 500);",
            "/form.html",
            page(
                    "Revenue",
                    """
                    <form action="/echo" method="get">
                      <label for="tenant">Customer</label> <input id="tenant" name="tenant">
                      <label>Month <input name="month"></label>
                      <input name="amount" aria-label="Revenue in USD">
                      <button type="submit">Save revenue</button>
                    </form>
                    """));

    private static HttpServer server;
    private static String baseUrl;
    private static Browser browser;

    @BeforeAll
    static void start() throws IOException {
        Browser.requireOrSkip();
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", BrowserHarnessIT::serve);
        server.start();
        baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
        browser = Browser.start();
    }

    @AfterAll
    static void stop() {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            if (server != null) {
                server.stop(0);
            }
        }
    }

    @AfterEach
    void backToLaptopSize() {
        browser.laptop();
    }

    @Test
    void savesFullPageScreenshotsAtLaptopAndPhoneSize() throws IOException {
        Path laptop = browser.open(baseUrl + "/accessible.html").screenshot("harness-laptop");
        Path phone = browser.phone().screenshot("harness-phone");

        assertThat(laptop).isEqualTo(Browser.SCREENSHOTS.resolve("harness-laptop.png"));
        assertThat(width(laptop)).isEqualTo(1366);
        assertThat(width(phone)).isEqualTo(390);
    }

    @Test
    void anAccessiblePagePassesTheAxeCheck() throws IOException {
        browser.open(baseUrl + "/accessible.html").check("harness-accessible");

        assertThat(Browser.SCREENSHOTS.resolve("harness-accessible.png")).isNotEmptyFile();
        assertThat(Browser.AXE_REPORTS.resolve("harness-accessible.json"))
                .content()
                .contains("\"violations\"");
    }

    @Test
    void anImageWithoutAlternativeTextFailsTheAxeCheckByRule() throws IOException {
        browser.open(baseUrl + "/inaccessible.html");

        assertThat(browser.screenshot("harness-inaccessible")).isNotEmptyFile();
        assertThatThrownBy(() -> browser.assertAccessible("harness-inaccessible"))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("1 serious or critical accessibility violation(s)")
                .hasMessageContaining("- image-alt (critical)")
                .hasMessageContaining("<img src=\"/chart.svg\"");
        assertThat(Browser.AXE_REPORTS.resolve("harness-inaccessible.json"))
                .content()
                .contains("\"image-alt\"");
    }

    @Test
    void waitsForTextAScriptWritesLater() {
        browser.open(baseUrl + "/later.html").waitForText("Event arrived", Duration.ofSeconds(5));

        assertThat(browser.text("#status")).isEqualTo("Event arrived");
        assertThatThrownBy(() -> browser.waitForText("Never written", Duration.ofMillis(300)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("\"Never written\" did not appear within 300 ms on " + baseUrl + "/later.html")
                .hasMessageContaining("Event arrived");
    }

    @Test
    void fillsFieldsByLabelOrNameAndClicksAButtonByItsText() {
        browser.open(baseUrl + "/form.html")
                .fill("Customer", "Acme & Co")
                .fill("Month", "2026-11")
                .fill("Revenue in USD", "99")
                .fill("amount", "1234.56")
                .click("Save revenue")
                .waitForText("Echo");

        assertThat(browser.text("#echo")).isEqualTo("tenant=Acme & Co; month=2026-11; amount=1234.56");
        assertThat(browser.currentUrl()).startsWith(baseUrl + "/echo?tenant=Acme+%26+Co");
    }

    private static String page(String title, String body) {
        return HEAD.formatted(title, title) + body + TAIL;
    }

    private static int width(Path png) throws IOException {
        assertThat(png).isNotEmptyFile();
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image).as("a PNG at " + png).isNotNull();
        return image.getWidth();
    }

    private static void serve(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = path.equals("/echo") ? echo(exchange.getRequestURI().getRawQuery()) : PAGES.get(path);
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType(path));
        exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length == 0 ? -1 : bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** The submitted form's fields in order, as the page's one line of output. */
    private static String echo(String query) {
        String fields = Arrays.stream(query.split("&"))
                .map(pair -> URLDecoder.decode(pair, StandardCharsets.UTF_8))
                .collect(Collectors.joining("; "));
        return page("Echo", "<p id=\"echo\">" + fields.replace("&", "&amp;") + "</p>");
    }

    private static String contentType(String path) {
        if (path.endsWith(".js")) {
            return "text/javascript";
        }
        if (path.endsWith(".svg")) {
            return "image/svg+xml";
        }
        return "text/html; charset=utf-8";
    }
}
