package dev.spendline.cli.collector;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The collector's side of OAuth against Spendline's authorization server: metadata discovery
 * (RFC 8414), the token endpoint (code, refresh token and device code grants), device authorization
 * (RFC 8628) and revocation (RFC 7009). A public client ({@code spendline-collector}, no secret)
 * asking for {@code usage:write} on the resource {@code {url}/api/v1/internal-usage} (RFC 8707).
 */
final class OAuthClient {

    static final String CLIENT_ID = "spendline-collector";
    static final String SCOPE = "usage:write";
    static final String DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /** The endpoints from the server's metadata. */
    record Metadata(String authorization, String token, String device, String revocation) {}

    /**
     * A token endpoint answer: tokens on 200, else the OAuth {@code error}.
     *
     * @param status the HTTP status
     * @param json the body (null when not JSON)
     */
    record TokenResponse(int status, JsonNode json) {
        boolean ok() {
            return status == 200 && accessToken() != null;
        }

        String accessToken() {
            return Json.text(json, "access_token");
        }

        String refreshToken() {
            return Json.text(json, "refresh_token");
        }

        long expiresIn() {
            return json == null || !json.has("expires_in")
                    ? 300
                    : json.get("expires_in").asLong(300);
        }

        String error() {
            String error = Json.text(json, "error");
            return error != null ? error : "http_" + status;
        }

        String describe() {
            String description = Json.text(json, "error_description");
            return error() + (description == null ? "" : " (" + description + ")");
        }
    }

    private final String baseUrl;
    private final HttpClient http;
    private Metadata metadata;

    OAuthClient(String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.http = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    String baseUrl() {
        return baseUrl;
    }

    /** The protected resource the collector's tokens are for. */
    String resource() {
        return baseUrl + "/api/v1/internal-usage";
    }

    /** The endpoints, from {@code /.well-known/oauth-authorization-server} (fetched once). */
    Metadata metadata() {
        if (metadata == null) {
            HttpResponse<String> response =
                    send(HttpRequest.newBuilder(uri(baseUrl + "/.well-known/oauth-authorization-server"))
                            .timeout(TIMEOUT)
                            .header("accept", "application/json")
                            .GET()
                            .build());
            JsonNode json = Json.parseOrNull(response.body());
            if (response.statusCode() != 200 || json == null) {
                throw new CliException(
                        ExitCodes.ERROR,
                        "no_oauth_metadata",
                        baseUrl
                                + " does not publish OAuth metadata (GET /.well-known/oauth-authorization-server answered "
                                + response.statusCode() + "); is it a Spendline service?");
            }
            metadata = new Metadata(
                    orDefault(json, "authorization_endpoint", "/oauth2/authorize"),
                    orDefault(json, "token_endpoint", "/oauth2/token"),
                    orDefault(json, "device_authorization_endpoint", "/oauth2/device_authorization"),
                    orDefault(json, "revocation_endpoint", "/oauth2/revoke"));
        }
        return metadata;
    }

    /** POSTs a form to the token endpoint; network failures become a {@link CliException} (exit 6). */
    TokenResponse token(Map<String, String> form) {
        HttpResponse<String> response = postForm(metadata().token(), form);
        return new TokenResponse(response.statusCode(), Json.parseOrNull(response.body()));
    }

    TokenResponse refresh(String refreshToken) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "refresh_token");
        form.put("refresh_token", refreshToken);
        form.put("client_id", CLIENT_ID);
        form.put("resource", resource());
        return token(form);
    }

    /** Starts the device grant: {@code device_code}, {@code user_code}, {@code verification_uri}, ... */
    JsonNode deviceAuthorization() {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("client_id", CLIENT_ID);
        form.put("scope", SCOPE);
        form.put("resource", resource());
        HttpResponse<String> response = postForm(metadata().device(), form);
        JsonNode json = Json.parseOrNull(response.body());
        if (response.statusCode() != 200
                || Json.text(json, "device_code") == null
                || Json.text(json, "user_code") == null) {
            throw new CliException(
                    ExitCodes.ERROR,
                    "device_authorization_failed",
                    "Device authorization failed: " + new TokenResponse(response.statusCode(), json).describe());
        }
        return json;
    }

    /** Revokes a refresh token (RFC 7009); true when the server answered 200. */
    boolean revoke(String refreshToken) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("token", refreshToken);
        form.put("token_type_hint", "refresh_token");
        form.put("client_id", CLIENT_ID);
        return postForm(metadata().revocation(), form).statusCode() == 200;
    }

    private HttpResponse<String> postForm(String url, Map<String, String> form) {
        StringJoiner body = new StringJoiner("&");
        form.forEach((key, value) -> body.add(encode(key) + "=" + encode(value)));
        return send(HttpRequest.newBuilder(uri(url))
                .timeout(TIMEOUT)
                .header("content-type", "application/x-www-form-urlencoded")
                .header("accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build());
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new CliException(
                    ExitCodes.UNREACHABLE,
                    "unreachable",
                    "Spendline at " + baseUrl
                            + " is unreachable ("
                            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                            + "); check --url",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliException(ExitCodes.ERROR, "interrupted", "Interrupted", e);
        }
    }

    private URI uri(String url) {
        try {
            return URI.create(url.startsWith("/") ? baseUrl + url : url);
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "invalid_url", "Not a valid service URL: " + url, e);
        }
    }

    private static String orDefault(JsonNode json, String field, String path) {
        String value = Json.text(json, field);
        return value != null ? value : path;
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /**
     * The payload of a JWT, read without verifying it: only the server verifies; the collector uses
     * the claims for display and for the rows' employee (which the server checks against them).
     */
    static ObjectNode claims(String jwt) {
        String[] parts = jwt == null ? new String[0] : jwt.split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("the access token is not a JWT");
        }
        JsonNode node = Json.parseOrNull(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
        if (!(node instanceof ObjectNode object)) {
            throw new IllegalArgumentException("the access token's payload is not JSON");
        }
        return object;
    }
}
