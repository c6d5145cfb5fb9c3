package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * A browser reduced to what sign-in needs: real HTTP, a cookie jar, and redirects followed one at a
 * time so a test can check every hop (to the provider, back to the callback, into the dashboard).
 */
final class Browser {

    private final CookieManager cookies = new CookieManager(null, CookiePolicy.ACCEPT_ALL);
    private final HttpClient http = HttpClient.newBuilder()
            .cookieHandler(cookies)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    HttpResponse<String> get(URI uri) {
        try {
            return http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(20))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Posts a form as a browser does (Accept naming text/html unless {@code accept} says otherwise),
     * with the CSRF token of the page at {@code formPage}, fetched first.
     */
    HttpResponse<String> postForm(URI uri, URI formPage, java.util.Map<String, String> fields, String accept) {
        java.util.regex.Matcher token = java.util.regex.Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"")
                .matcher(get(formPage).body());
        assertThat(token.find())
                .as("the form at %s carries a CSRF token", formPage)
                .isTrue();
        StringBuilder body = new StringBuilder("_csrf=").append(encode(token.group(1)));
        fields.forEach((name, value) ->
                body.append('&').append(encode(name)).append('=').append(encode(value)));
        try {
            return http.send(
                    HttpRequest.newBuilder(uri)
                            .timeout(Duration.ofSeconds(20))
                            .header("Content-Type", "application/x-www-form-urlencoded")
                            .header("Accept", accept)
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What a browser sends as Accept for a page. */
    static final String HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

    private static String encode(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Follows the redirect {@code response} answered with (which must be one). */
    HttpResponse<String> follow(HttpResponse<String> response) {
        return get(location(response));
    }

    /** Where {@code response} redirects to, resolved against the request it answered. */
    static URI location(HttpResponse<String> response) {
        assertThat(response.statusCode())
                .as("a redirect from %s, not: %s", response.uri(), response.body())
                .isIn(302, 303);
        String location = response.headers().firstValue("Location").orElseThrow();
        return response.uri().resolve(location);
    }

    /** The value of the cookie {@code name} the browser holds, if any. */
    Optional<String> cookie(String name) {
        return cookies.getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals(name))
                .map(HttpCookie::getValue)
                .findFirst();
    }
}
