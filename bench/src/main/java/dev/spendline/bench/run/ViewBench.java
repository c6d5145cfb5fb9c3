package dev.spendline.bench.run;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * The server time of every dashboard view, as a signed-in browser asks for it: one request at a time
 * over loopback with the session cookie, the whole rendered page read, after a warm-up. Signs in
 * with a password, or first claims the workspace with a setup link.
 */
public final class ViewBench {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    private final URI base;
    private final HttpClient http;

    private ViewBench(URI base) {
        this.base = base;
        this.http = HttpClient.newBuilder()
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /**
     * @param setupLink a one-time setup link to claim first (the account is created with {@code email}
     *     and {@code password}), or null to sign in with them
     */
    public static ViewBench signedIn(URI base, String setupLink, String email, String password)
            throws IOException, InterruptedException {
        ViewBench bench = new ViewBench(base);
        String form = setupLink != null ? setupLink : base + "/signin";
        String token = bench.csrf(form);
        HttpResponse<String> signedIn = bench.post(
                form, "_csrf=" + encode(token) + "&email=" + encode(email) + "&password=" + encode(password));
        String location = signedIn.headers().firstValue("Location").orElse("");
        if (signedIn.statusCode() != 302 || location.contains("error")) {
            throw new IllegalStateException(
                    "Signing in failed: " + signedIn.statusCode() + " " + location + " " + signedIn.body());
        }
        return bench;
    }

    /** Name → path and query of each view: the same links Ask answers give. */
    static Map<String, String> views() {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String days30 = "from=" + today.minusDays(30) + "&to=" + today;
        String months = "from=" + YearMonth.from(today.minusDays(30)) + "&to=" + YearMonth.from(today);
        Map<String, String> views = new LinkedHashMap<>();
        views.put("overview", "/app");
        views.put("overview, live figures (each poll)", "/app?fragment=figures");
        views.put("spend by tenant, 30 days", "/app/spend?by=tenant&" + days30);
        views.put("spend by feature, 30 days", "/app/spend?by=feature&" + days30);
        views.put("spend by day, 30 days", "/app/spend?by=day&" + days30);
        views.put("spend by model of one tenant, 30 days", "/app/spend?by=model&tenant=t0&" + days30);
        views.put("internal usage by employee, 30 days", "/app/spend?usage=internal&by=employee&" + days30);
        views.put("customer margin, last two months", "/app/margin/customers?" + months);
        views.put("customer margin, this month (the page's default)", "/app/margin/customers");
        views.put("feature margin, last two months", "/app/margin/features?" + months);
        views.put("feature margin, this month (the page's default)", "/app/margin/features");
        views.put("waste, 30 days", "/app/waste?" + days30);
        views.put("savings", "/app/savings");
        views.put("budgets", "/app/budgets");
        views.put("alerts", "/app/alerts");
        views.put(
                "compare spend by feature, this month vs last",
                "/app/compare?by=feature&from=" + today.withDayOfMonth(1) + "&to=" + today + "&baseFrom="
                        + today.withDayOfMonth(1).minusMonths(1) + "&baseTo="
                        + today.withDayOfMonth(1).minusDays(1));
        views.put("experiments", "/app/experiments");
        views.put("ask box: spend by customer this month", "/app/ask?q=" + encode("spend by customer this month"));
        views.put("settings: API keys", "/app/settings/keys");
        return views;
    }

    public Map<String, Histogram> run(int warmup, int samples) throws IOException, InterruptedException {
        Map<String, RequestLatencies.Request> requests = new LinkedHashMap<>();
        views().forEach((name, path) -> requests.put(name, () -> get(base + path)));
        return RequestLatencies.measure(requests, warmup, samples);
    }

    private String csrf(String page) throws IOException, InterruptedException {
        HttpResponse<String> response = get(page);
        Matcher token = CSRF.matcher(response.body());
        if (response.statusCode() != 200 || !token.find()) {
            throw new IllegalStateException(page + " answered " + response.statusCode() + " without a form");
        }
        return token.group(1);
    }

    private HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(60))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String form) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(url))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
