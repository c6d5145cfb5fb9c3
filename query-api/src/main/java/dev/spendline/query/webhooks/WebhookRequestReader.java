package dev.spendline.query.webhooks;

import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.query.problems.RequestBodies;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and checks a new endpoint, from the API's JSON body or the settings form: the URL (absolute,
 * https, or http to loopback where allowed; no user info or fragment; at most 2,000 characters; its
 * host passes the {@link AddressGuard}) and the wanted alert types and severities (names of {@link
 * AlertType} and {@link AlertSeverity}, any letter case; none for every one). Every problem is listed.
 */
final class WebhookRequestReader {

    static final int MAX_URL_LENGTH = 2000;
    static final String EXAMPLE =
            "{\"url\": \"https://hooks.example.com/spendline\", \"alertTypes\": [\"BUDGET_THRESHOLD\"],"
                    + " \"severities\": [\"WARNING\", \"CRITICAL\"]}";
    private static final Set<String> FIELDS = Set.of("url", "alertTypes", "severities");

    private final AddressGuard guard;

    WebhookRequestReader(AddressGuard guard) {
        this.guard = guard;
    }

    WebhookDraft read(byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        ObjectNode object = RequestBodies.object(body, EXAMPLE, errors);
        if (object == null) {
            throw new InvalidWebhookException(errors);
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = object.properties().iterator(); it.hasNext(); ) {
            String name = it.next().getKey();
            if (!FIELDS.contains(name)) {
                errors.add(new FieldError(
                        "/" + FieldError.escape(name), "unknown field; the fields are url, alertTypes, severities"));
            }
        }
        JsonNode url = object.get("url");
        String urlText = null;
        if (url == null || url.isNull()) {
            errors.add(new FieldError("/url", "required: the https address to POST alert changes to"));
        } else if (!url.isString()) {
            errors.add(new FieldError("/url", "must be a string"));
        } else {
            urlText = url.asString();
        }
        Set<String> types = names(object.get("alertTypes"), "/alertTypes", names(AlertType.values()), errors);
        Set<String> severities = names(object.get("severities"), "/severities", names(AlertSeverity.values()), errors);
        return finish(urlText, types, severities, errors);
    }

    /** The settings form: the URL and the checked types and severities. */
    WebhookDraft read(String url, List<String> types, List<String> severities) {
        List<FieldError> errors = new ArrayList<>();
        Set<String> t = names(types, "alertTypes", names(AlertType.values()), errors);
        Set<String> s = names(severities, "severities", names(AlertSeverity.values()), errors);
        return finish(url, t, s, errors);
    }

    private WebhookDraft finish(String url, Set<String> types, Set<String> severities, List<FieldError> errors) {
        String checked = url == null ? null : checkUrl(url.strip(), errors);
        if (!errors.isEmpty()) {
            throw new InvalidWebhookException(errors);
        }
        return new WebhookDraft(checked, types, severities);
    }

    /** The URL as it will be called, or null with the problem added. */
    String checkUrl(String url, List<FieldError> errors) {
        if (url.isEmpty()) {
            errors.add(new FieldError("/url", "required: the https address to POST alert changes to"));
            return null;
        }
        if (url.length() > MAX_URL_LENGTH) {
            errors.add(new FieldError("/url", "at most " + MAX_URL_LENGTH + " characters"));
            return null;
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            errors.add(new FieldError("/url", "not a valid URL: " + e.getReason()));
            return null;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!uri.isAbsolute() || !(scheme.equals("https") || scheme.equals("http"))) {
            errors.add(
                    new FieldError("/url", "must be an absolute https URL, e.g. https://hooks.example.com/spendline"));
            return null;
        }
        if (scheme.equals("http") && !guard.allowsLoopback()) {
            errors.add(new FieldError(
                    "/url", "must use https (plain http is allowed only to loopback, where the operator allows it)"));
            return null;
        }
        if (uri.getRawUserInfo() != null) {
            errors.add(new FieldError("/url", "must not contain a user name or password"));
            return null;
        }
        if (uri.getRawFragment() != null) {
            errors.add(new FieldError("/url", "must not contain a fragment (#...)"));
            return null;
        }
        if (uri.getHost() == null) {
            errors.add(new FieldError("/url", "must name a host"));
            return null;
        }
        try {
            guard.check(uri);
        } catch (AddressGuard.RefusedAddress e) {
            errors.add(new FieldError("/url", "refused: " + e.getMessage()));
            return null;
        }
        return uri.toString();
    }

    private static Set<String> names(JsonNode node, String pointer, Set<String> allowed, List<FieldError> errors) {
        if (node == null || node.isNull()) {
            return Set.of();
        }
        if (!node.isArray()) {
            errors.add(new FieldError(pointer, "must be an array of names: " + String.join(", ", allowed)));
            return Set.of();
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            if (!item.isString()) {
                errors.add(new FieldError(pointer + "/" + i, "must be one of " + String.join(", ", allowed)));
            } else {
                values.add(item.asString());
            }
        }
        return names(values, pointer, allowed, errors);
    }

    private static Set<String> names(
            List<String> values, String pointer, Set<String> allowed, List<FieldError> errors) {
        Set<String> names = new LinkedHashSet<>();
        if (values == null) {
            return names;
        }
        for (String value : values) {
            String name = value.strip().toUpperCase(Locale.ROOT);
            if (allowed.contains(name)) {
                names.add(name);
            } else {
                errors.add(new FieldError(
                        pointer.startsWith("/") ? pointer : "/" + pointer,
                        "unknown value; allowed: " + String.join(", ", allowed)));
            }
        }
        return Set.copyOf(names);
    }

    private static Set<String> names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).collect(Collectors.toCollection(LinkedHashSet::new));
    }
}
