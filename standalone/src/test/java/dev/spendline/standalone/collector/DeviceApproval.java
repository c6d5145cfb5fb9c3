package dev.spendline.standalone.collector;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.web.util.HtmlUtils;

/**
 * A person approving a device code in a browser, done with plain HTTP and a cookie jar against a
 * real Spendline: the sign-in form (with its CSRF token), the device page {@code /activate}, the
 * code entered, and the consent page answered with a chosen workspace. Also the browser half of the
 * authorization code grant ({@link #authorize}). Each step checks the answer
 * a browser would get, so a broken page fails here with what was seen. For tests that need a device
 * grant approved (the collector's {@code setup --no-browser}, {@link CollectorTokenIT}).
 *
 * <pre>{@code
 * DeviceApproval.signIn(baseUrl, "ana@example.com", "a long enough password")
 *         .approve(userCode, "Default workspace");
 * }</pre>
 */
public final class DeviceApproval {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]*)\"");
    private static final Pattern FORM =
            Pattern.compile("<form class=\"stack\" action=\"([^\"]+)\" method=\"post\">(.*?)</form>", Pattern.DOTALL);
    private static final Pattern HIDDEN =
            Pattern.compile("<input type=\"hidden\" name=\"([^\"]+)\" value=\"([^\"]*)\"");
    private static final Pattern WORKSPACE = Pattern.compile(
            "<input type=\"radio\" name=\"workspace\"[^>]*value=\"([^\"]+)\"[^>]*>\\s*<span>([^<]*)</span>");

    private final String baseUrl;
    private final HttpClient http;

    private DeviceApproval(String baseUrl, HttpClient http) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.http = http;
    }

    /** Signs in through the real sign-in form; the session lives in this object's cookie jar. */
    public static DeviceApproval signIn(String baseUrl, String email, String password)
            throws IOException, InterruptedException {
        DeviceApproval approval = new DeviceApproval(baseUrl, newClient());
        HttpResponse<String> page = approval.get("/signin");
        expect(page, 200, "the sign-in page");
        HttpResponse<String> signedIn = approval.postForm(
                "/signin", Map.of("email", email, "password", password, "_csrf", csrf(page.body(), "sign-in")));
        String location = signedIn.headers().firstValue("location").orElse("");
        if (signedIn.statusCode() != 302 || location.contains("error")) {
            throw new IllegalStateException("Signing in as " + email + " failed: " + signedIn.statusCode() + " → "
                    + location + " " + signedIn.body());
        }
        return approval;
    }

    /**
     * Creates an account through the real sign-up form (which also creates the user's own workspace,
     * named after them) and stays signed in as it.
     */
    public static DeviceApproval signUp(String baseUrl, String email, String name, String password)
            throws IOException, InterruptedException {
        DeviceApproval approval = new DeviceApproval(baseUrl, newClient());
        HttpResponse<String> page = approval.get("/signup");
        expect(page, 200, "the sign-up page");
        HttpResponse<String> created = approval.postForm(
                "/signup",
                Map.of("email", email, "name", name, "password", password, "_csrf", csrf(page.body(), "sign-up")));
        String location = created.headers().firstValue("location").orElse("");
        if (created.statusCode() != 302 || !location.endsWith("/app")) {
            throw new IllegalStateException("Signing up as " + email + " failed: " + created.statusCode() + " → "
                    + location + " " + created.body());
        }
        return approval;
    }

    /** Signs in and approves: the shortest call for a test. */
    public static void approve(String baseUrl, String email, String password, String userCode, String workspace)
            throws IOException, InterruptedException {
        signIn(baseUrl, email, password).approve(userCode, workspace);
    }

    /**
     * Enters {@code userCode} on {@code /activate} and allows the device for {@code workspace} (its
     * name as the consent page shows it, or its id; null when the user has exactly one). Ends on the
     * device page's success answer.
     *
     * @return the consent page's HTML (for tests that check what it says)
     */
    public String approve(String userCode, String workspace) throws IOException, InterruptedException {
        String consentPage = consentPage(userCode);
        String location = allow(consentPage, workspace);
        if (!location.endsWith("/activate?success")) {
            throw new IllegalStateException("The consent did not end on the device page's success: " + location);
        }
        expect(get(location), 200, "the device page after approval");
        return consentPage;
    }

    /**
     * The browser half of the authorization code grant: opens {@code authorizeUrl} (a full
     * {@code /oauth2/authorize?…} URL), allows it on the consent page for {@code workspace}, and
     * returns where the server redirects the browser (the client's loopback callback with the code).
     */
    public String authorize(String authorizeUrl, String workspace) throws IOException, InterruptedException {
        HttpResponse<String> start = get(authorizeUrl);
        String consentUrl = start.headers().firstValue("location").orElse("");
        if (start.statusCode() != 302 || !consentUrl.contains("/oauth2/consent")) {
            throw new IllegalStateException("The authorization request did not lead to the consent page: "
                    + start.statusCode() + " → " + consentUrl + " " + start.body());
        }
        HttpResponse<String> consent = get(consentUrl);
        expect(consent, 200, "the consent page");
        return allow(consent.body(), workspace);
    }

    /** Submits a consent page's Allow form with a workspace chosen: where the answer redirects. */
    private String allow(String consentPage, String workspace) throws IOException, InterruptedException {
        Matcher form = FORM.matcher(consentPage);
        if (!form.find()) {
            throw new IllegalStateException("No consent form on the page: " + consentPage);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        Matcher hidden = HIDDEN.matcher(form.group(2));
        while (hidden.find()) {
            fields.put(hidden.group(1), HtmlUtils.htmlUnescape(hidden.group(2)));
        }
        fields.put("workspace", workspaceId(consentPage, workspace));
        HttpResponse<String> answer = postForm(HtmlUtils.htmlUnescape(form.group(1)), fields);
        String location = answer.headers().firstValue("location").orElse("");
        if (answer.statusCode() != 302 || location.contains("error=")) {
            throw new IllegalStateException(
                    "The consent was not accepted: " + answer.statusCode() + " → " + location + " " + answer.body());
        }
        return location;
    }

    /** Types the code on the device page: the consent page it leads to. */
    public String consentPage(String userCode) throws IOException, InterruptedException {
        expect(get("/activate"), 200, "the device page");
        HttpResponse<String> verification =
                get("/oauth2/device_verification?user_code=" + URLEncoder.encode(userCode, StandardCharsets.UTF_8));
        String consentUrl = verification.headers().firstValue("location").orElse("");
        if (verification.statusCode() != 302 || !consentUrl.contains("/oauth2/consent")) {
            throw new IllegalStateException("The code " + userCode + " did not lead to the consent page: "
                    + verification.statusCode() + " → " + consentUrl);
        }
        HttpResponse<String> consent = get(consentUrl);
        expect(consent, 200, "the consent page");
        return consent.body();
    }

    /** A browser's cookie jar; redirects are followed by hand, so that each step is checked. */
    private static HttpClient newClient() {
        return HttpClient.newBuilder()
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private static String workspaceId(String consentPage, String wanted) {
        List<String[]> options = new ArrayList<>();
        Matcher option = WORKSPACE.matcher(consentPage);
        while (option.find()) {
            options.add(new String[] {
                HtmlUtils.htmlUnescape(option.group(1)),
                HtmlUtils.htmlUnescape(option.group(2)).strip()
            });
        }
        if (wanted == null && options.size() == 1) {
            return options.get(0)[0];
        }
        for (String[] o : options) {
            if (o[0].equals(wanted) || o[1].equals(wanted)) {
                return o[0];
            }
        }
        throw new IllegalStateException("No workspace " + wanted + " on the consent page; it offers "
                + options.stream().map(o -> o[1] + " (" + o[0] + ")").toList());
    }

    private HttpResponse<String> get(String pathOrUrl) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(uri(pathOrUrl))
                        .timeout(Duration.ofSeconds(30))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> postForm(String pathOrUrl, Map<String, String> fields)
            throws IOException, InterruptedException {
        StringBuilder form = new StringBuilder();
        fields.forEach((name, value) -> {
            if (form.length() > 0) {
                form.append('&');
            }
            form.append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                    .append('=')
                    .append(URLEncoder.encode(value, StandardCharsets.UTF_8));
        });
        return http.send(
                HttpRequest.newBuilder(uri(pathOrUrl))
                        .timeout(Duration.ofSeconds(30))
                        .header("content-type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form.toString()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String pathOrUrl) {
        return URI.create(pathOrUrl.startsWith("http") ? pathOrUrl : baseUrl + pathOrUrl);
    }

    private static String csrf(String page, String what) {
        Matcher csrf = CSRF.matcher(page);
        if (!csrf.find()) {
            throw new IllegalStateException("No CSRF token in the " + what + " page");
        }
        return HtmlUtils.htmlUnescape(csrf.group(1));
    }

    private static void expect(HttpResponse<String> response, int status, String what) {
        if (response.statusCode() != status) {
            throw new IllegalStateException("Expected " + status + " from " + what + " (" + response.uri() + "), got "
                    + response.statusCode() + ": " + response.body());
        }
    }
}
