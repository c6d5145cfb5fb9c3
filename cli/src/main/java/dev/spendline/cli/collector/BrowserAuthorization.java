package dev.spendline.cli.collector;

import com.sun.net.httpserver.HttpServer;
import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.contracts.validation.TerminalText;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Authorization code with PKCE (S256) and a loopback redirect (RFC 8252): a one-shot HTTP server on
 * a free port of 127.0.0.1 receives the redirect; {@code state} ties it to this attempt. The browser
 * is opened with {@code xdg-open} / {@code open}, and the URL is always printed, for a browser on
 * another screen or when opening fails.
 */
final class BrowserAuthorization {

    static final Duration WAIT = Duration.ofMinutes(5);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final OAuthClient client;
    private final PrintWriter out;
    private final Consumer<String> browser;
    private final Duration wait;

    BrowserAuthorization(OAuthClient client, PrintWriter out, Consumer<String> browser, Duration wait) {
        this.client = client;
        this.out = out;
        this.browser = browser;
        this.wait = wait;
    }

    /** The token response of a completed authorization; a {@link CliException} for every way it can fail. */
    OAuthClient.TokenResponse authorize() {
        String verifier = random(32);
        String state = random(16);
        CompletableFuture<Map<String, String>> callback = new CompletableFuture<>();
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.ERROR,
                    "no_loopback",
                    "Cannot listen on 127.0.0.1 for the browser's" + " answer (" + e.getMessage()
                            + "); use --no-browser",
                    e);
        }
        server.createContext("/callback", exchange -> {
            try (exchange) {
                Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
                boolean ours = state.equals(query.get("state"));
                String page = !ours
                        ? "This answer does not belong to the running 'spendline collector setup'."
                        : query.containsKey("code")
                                ? "Spendline collector authorized. You can close this tab and return to the terminal."
                                : "Authorization was not granted (" + query.getOrDefault("error", "no code") + ")."
                                        + " Return to the terminal.";
                byte[] body = ("<!doctype html><meta charset=utf-8><title>Spendline collector</title><p>" + page)
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(ours ? 200 : 400, body.length);
                exchange.getResponseBody().write(body);
                if (ours) {
                    callback.complete(query);
                }
            }
        });
        server.start();
        try {
            String redirectUri = "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
            Map<String, String> parameters = new LinkedHashMap<>();
            parameters.put("response_type", "code");
            parameters.put("client_id", OAuthClient.CLIENT_ID);
            parameters.put("redirect_uri", redirectUri);
            parameters.put("scope", OAuthClient.SCOPE);
            parameters.put("state", state);
            parameters.put("code_challenge", challenge(verifier));
            parameters.put("code_challenge_method", "S256");
            parameters.put("resource", client.resource());
            StringBuilder url = new StringBuilder(absolute(client.metadata().authorization()));
            char separator = url.indexOf("?") < 0 ? '?' : '&';
            for (Map.Entry<String, String> parameter : parameters.entrySet()) {
                url.append(separator)
                        .append(OAuthClient.encode(parameter.getKey()))
                        .append('=')
                        .append(OAuthClient.encode(parameter.getValue()));
                separator = '&';
            }
            out.println("Opening your browser to sign in to Spendline. If it does not open, visit:");
            out.println("  " + TerminalText.escape(url.toString()));
            out.flush();
            browser.accept(url.toString());
            Map<String, String> answer;
            try {
                answer = callback.get(wait.toSeconds(), TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new CliException(
                        ExitCodes.AUTH,
                        "authorization_timeout",
                        "No answer from the browser within " + wait.toSeconds()
                                + " s; run setup again, or with --no-browser",
                        e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException(ExitCodes.ERROR, "interrupted", "Interrupted", e);
            }
            if (!answer.containsKey("code")) {
                String error = answer.getOrDefault("error", "no code");
                throw new CliException(
                        ExitCodes.AUTH,
                        "access_denied".equals(error) ? "access_denied" : "authorization_failed",
                        "access_denied".equals(error)
                                ? "Authorization was denied in the browser; nothing was changed"
                                : "Authorization failed: " + error
                                        + (answer.containsKey("error_description")
                                                ? " (" + answer.get("error_description") + ")"
                                                : ""));
            }
            Map<String, String> form = new LinkedHashMap<>();
            form.put("grant_type", "authorization_code");
            form.put("code", answer.get("code"));
            form.put("redirect_uri", redirectUri);
            form.put("client_id", OAuthClient.CLIENT_ID);
            form.put("code_verifier", verifier);
            form.put("resource", client.resource());
            OAuthClient.TokenResponse tokens = client.token(form);
            if (!tokens.ok()) {
                throw new CliException(
                        ExitCodes.AUTH,
                        "token_exchange_failed",
                        "The service refused the authorization code: " + tokens.describe());
            }
            return tokens;
        } finally {
            server.stop(0);
        }
    }

    private String absolute(String endpoint) {
        return endpoint.startsWith("/") ? client.baseUrl() + endpoint : endpoint;
    }

    /** Opens the URL in the desktop's browser; silently nothing where there is none (the URL is printed). */
    static void openBrowser(String url) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String[] command = os.contains("mac") ? new String[] {"open", url} : new String[] {"xdg-open", url};
        try {
            new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            // No opener: the printed URL is the way.
        }
    }

    static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String random(int bytes) {
        byte[] value = new byte[bytes];
        RANDOM.nextBytes(value);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
    }

    static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw == null) {
            return query;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            String key = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            query.putIfAbsent(key, value);
        }
        return query;
    }
}
