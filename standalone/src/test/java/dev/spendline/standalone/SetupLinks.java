package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The first start's setup link, used as a person would: the page, its CSRF token, the sign-up form. */
public final class SetupLinks {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]*)\"");

    private SetupLinks() {}

    /** Opens {@code setupLink} and signs up; the account becomes the owner of the first workspace. */
    public static void claim(String setupLink, String email, String name, String password)
            throws IOException, InterruptedException {
        HttpClient browser = HttpClient.newBuilder()
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        HttpResponse<String> page = browser.send(
                HttpRequest.newBuilder(URI.create(setupLink)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        Matcher csrf = CSRF.matcher(page.body());
        assertThat(csrf.find()).as("a CSRF token on the setup page").isTrue();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("email", email);
        form.put("name", name);
        form.put("password", password);
        form.put("_csrf", csrf.group(1));
        StringBuilder body = new StringBuilder();
        form.forEach((k, v) -> body.append(body.length() == 0 ? "" : "&")
                .append(URLEncoder.encode(k, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        HttpResponse<String> created = browser.send(
                HttpRequest.newBuilder(URI.create(setupLink))
                        .header("content-type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
    }
}
