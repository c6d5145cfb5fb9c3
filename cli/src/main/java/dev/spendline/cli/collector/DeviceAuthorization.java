package dev.spendline.cli.collector;

import dev.spendline.cli.CliException;
import dev.spendline.cli.ExitCodes;
import dev.spendline.cli.Json;
import dev.spendline.contracts.validation.TerminalText;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The device grant (RFC 8628) for machines without a browser: prints the code and where to enter
 * it, then polls the token endpoint at the server's {@code interval}, 5 s slower after each
 * {@code slow_down}, until approved, denied or expired.
 */
final class DeviceAuthorization {

    /** Waits between polls; tests pass one that does not sleep. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final OAuthClient client;
    private final PrintWriter out;
    private final Sleeper sleeper;

    DeviceAuthorization(OAuthClient client, PrintWriter out, Sleeper sleeper) {
        this.client = client;
        this.out = out;
        this.sleeper = sleeper;
    }

    OAuthClient.TokenResponse authorize() {
        JsonNode device = client.deviceAuthorization();
        String verification = Json.text(device, "verification_uri");
        String complete = Json.text(device, "verification_uri_complete");
        out.println("To authorize the Spendline collector, open the page below on any device and enter the code.");
        out.println("Code: " + TerminalText.escape(Json.text(device, "user_code")));
        out.println(
                "Open: " + TerminalText.escape(verification != null ? verification : client.baseUrl() + "/activate"));
        if (complete != null) {
            out.println("Or open directly: " + TerminalText.escape(complete));
        }
        out.flush();
        long interval = Math.max(1, device.path("interval").asLong(5));
        long expiresIn = device.path("expires_in").asLong(600);
        long deadline = System.nanoTime() + Duration.ofSeconds(expiresIn).toNanos();
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", OAuthClient.DEVICE_GRANT);
        form.put("device_code", Json.text(device, "device_code"));
        form.put("client_id", OAuthClient.CLIENT_ID);
        form.put("resource", client.resource());
        out.print("Waiting for approval");
        out.flush();
        while (true) {
            try {
                sleeper.sleep(Duration.ofSeconds(interval));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException(ExitCodes.ERROR, "interrupted", "Interrupted", e);
            }
            OAuthClient.TokenResponse response = client.token(form);
            if (response.ok()) {
                out.println(" approved.");
                out.flush();
                return response;
            }
            switch (response.error()) {
                case "authorization_pending" -> {
                    out.print(".");
                    out.flush();
                }
                case "slow_down" -> {
                    interval += 5;
                    out.print(".");
                    out.flush();
                }
                case "expired_token" -> throw ended(
                        "device_code_expired",
                        "The code expired before it was approved; run 'spendline collector setup --no-browser' again");
                case "access_denied" -> throw ended("access_denied", "The request was denied; nothing was changed");
                default -> throw ended(
                        "device_authorization_failed", "Device authorization failed: " + response.describe());
            }
            if (System.nanoTime() > deadline) {
                throw ended(
                        "device_code_expired",
                        "The code expired before it was approved; run 'spendline collector setup --no-browser' again");
            }
        }
    }

    private CliException ended(String code, String message) {
        out.println();
        out.flush();
        return new CliException(ExitCodes.AUTH, code, message);
    }
}
