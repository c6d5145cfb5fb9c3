package dev.spendline.cli.auth;

import dev.spendline.cli.Json;
import dev.spendline.cli.ServiceClient;

/**
 * Which workspace a key reaches. The budget status report is cheap, open to every plan, and names
 * the caller's workspace ({@code workspaceId}), so it doubles as the key check.
 */
final class Workspaces {

    static final String PROBE = "/api/v1/reports/budget-status";

    private Workspaces() {}

    /** The key's workspace id; a refused key or any other failure is thrown with its exit code. */
    static String workspaceOf(ServiceClient client, String apiKey) {
        ServiceClient.Reply reply = ServiceClient.requireOk(client.get(PROBE, apiKey));
        return Json.text(reply.json(), "workspaceId");
    }
}
