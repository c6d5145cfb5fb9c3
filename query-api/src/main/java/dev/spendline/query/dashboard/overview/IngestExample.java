package dev.spendline.query.dashboard.overview;

import dev.spendline.contracts.event.ProductEventReader;
import java.util.List;

/**
 * What an empty workspace's overview tells its owner to send: one valid event to
 * {@code /api/v1/events} at this installation's public address (the fields are documented in
 * docs/ingest.md; this is its first example). The key stays a shell variable: the page never shows
 * one, keys are shown once, in settings.
 *
 * <p>The fields the page calls required are {@link ProductEventReader#requiredFields()}, the ones
 * ingest refuses an event without, so the page cannot promise a contract the gateway does not keep.
 * The optional fields it names ({@link #IDENTITY}, {@link #ATTRIBUTION}) are checked against the
 * same reader by IngestExampleTest.
 */
final class IngestExample {

    static final String EVENT = "{\"provider\":\"openai\",\"model\":\"gpt-4o-mini\",\"promptTokens\":1000,"
            + "\"outputTokens\":200,\"costUsd\":0.00027,\"source\":\"web-backend\",\"externalId\":\"req-7f3a\","
            + "\"tenantId\":\"acme-corp\",\"feature\":\"search-answer\"}";

    /** Optional, given together: with them a resend of the same call is counted once. */
    static final List<String> IDENTITY = List.of("source", "externalId");

    /** Optional: the customer and the feature the cost belongs to (margins need them). */
    static final List<String> ATTRIBUTION = List.of("tenantId", "feature");

    private IngestExample() {}

    static String curl(String baseUrl) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return "curl -sS -X POST \"" + base + "/api/v1/events\" \\\n"
                + "  -H \"Authorization: Bearer $SPENDLINE_API_KEY\" \\\n"
                + "  -H \"Content-Type: application/json\" \\\n"
                + "  -d '" + EVENT + "'";
    }

    /** The fields every event needs, in the reader's order. */
    static List<String> requiredFields() {
        return ProductEventReader.requiredFields();
    }
}
