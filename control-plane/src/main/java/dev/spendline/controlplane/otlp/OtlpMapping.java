package dev.spendline.controlplane.otlp;

import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which OpenTelemetry attributes fill each attribution field of a product event made from a span:
 * for each field an ordered list of attribute names, the first one present wins, looked up on the
 * span and then on its resource. A workspace changes the fields it wants; the others keep the
 * {@linkplain #DEFAULT default} (docs/opentelemetry.md, "Mapping").
 *
 * <p>Immutable; built once per stored setting and cached per workspace, so the ingest path reads
 * it by index ({@link #field}, {@link #names}) without building anything per span.
 */
public final class OtlpMapping {

    /** The attribution fields of a product event a mapping can fill, in the order events list them. */
    public static final List<String> FIELDS =
            List.of("tenantId", "feature", "userId", "agentId", "workflowId", "runId", "stepId", "toolName", "outcome");

    /** At most this many attribute names per field. */
    public static final int MAX_NAMES = 8;

    /** At most this many characters per attribute name. */
    public static final int MAX_NAME_LENGTH = 128;

    /** The default attribute names, by field (index as in {@link #FIELDS}). */
    private static final List<List<String>> DEFAULT_NAMES = List.of(
            List.of("spendline.tenant_id"),
            List.of("spendline.feature"),
            List.of("enduser.id", "user.id"),
            List.of("gen_ai.agent.id", "gen_ai.agent.name"),
            List.of("spendline.workflow"),
            List.of("session.id", "gen_ai.conversation.id"),
            List.of("spendline.step"),
            List.of("gen_ai.tool.name"),
            List.of("spendline.outcome"));

    /** The mapping of a workspace that changed nothing. */
    public static final OtlpMapping DEFAULT = new OtlpMapping(Map.of());

    /** A request body that changes one field. */
    public static final String EXAMPLE = "{\"tenantId\": [\"customer.id\", \"spendline.tenant_id\"]}";

    /** The fields this workspace changed, in {@link #FIELDS} order. */
    private final Map<String, List<String>> changed;
    /** Every field's names, by index: precomputed so that a span's lookup allocates nothing for the mapping. */
    private final List<List<String>> names;

    private OtlpMapping(Map<String, List<String>> changed) {
        Map<String, List<String>> ordered = new LinkedHashMap<>();
        List<List<String>> all = new ArrayList<>(FIELDS.size());
        for (int i = 0; i < FIELDS.size(); i++) {
            List<String> own = changed.get(FIELDS.get(i));
            if (own != null) {
                ordered.put(FIELDS.get(i), List.copyOf(own));
            }
            all.add(own == null ? DEFAULT_NAMES.get(i) : List.copyOf(own));
        }
        this.changed = Collections.unmodifiableMap(ordered);
        this.names = List.copyOf(all);
    }

    /** The number of fields ({@code FIELDS.size()}). */
    public int size() {
        return names.size();
    }

    /** The name of field {@code index} ({@link #FIELDS}). */
    public String field(int index) {
        return FIELDS.get(index);
    }

    /** The attribute names of field {@code index}, in the order they are tried. */
    public List<String> names(int index) {
        return names.get(index);
    }

    /** The attribute names of {@code field}; null for a name that is not a field. */
    public List<String> names(String field) {
        int index = FIELDS.indexOf(field);
        return index < 0 ? null : names.get(index);
    }

    /** Only the fields the workspace changed (the others use the default), in {@link #FIELDS} order. */
    public Map<String, List<String>> changed() {
        return changed;
    }

    /** Every field with the names it is read from, in {@link #FIELDS} order. */
    public Map<String, List<String>> effective() {
        Map<String, List<String>> all = new LinkedHashMap<>();
        for (int i = 0; i < FIELDS.size(); i++) {
            all.put(FIELDS.get(i), names.get(i));
        }
        return Collections.unmodifiableMap(all);
    }

    public boolean isDefault() {
        return changed.isEmpty();
    }

    /**
     * Reads a mapping from a JSON object of fields to lists of attribute names ({@value #EXAMPLE}).
     * A field left out, or {@code null}, keeps the default. Every problem is added to {@code errors}
     * with a JSON Pointer into the object (under {@code base}); null when there was one.
     *
     * <p>The rules: a field must be one of {@link #FIELDS}; its value a list of 1 to {@value #MAX_NAMES}
     * distinct names, each 1 to {@value #MAX_NAME_LENGTH} characters of ASCII letters, digits,
     * {@code .}, {@code _} and {@code -} (what OpenTelemetry's attribute naming uses).
     */
    public static OtlpMapping read(JsonNode object, String base, List<FieldError> errors) {
        int before = errors.size();
        if (object == null || !object.isObject()) {
            errors.add(new FieldError(base, "must be a JSON object like " + EXAMPLE));
            return null;
        }
        Map<String, List<String>> changed = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : object.properties()) {
            String field = entry.getKey();
            String pointer = base + "/" + FieldError.escape(field);
            if (!FIELDS.contains(field)) {
                errors.add(new FieldError(pointer, "is not a field; the fields are " + String.join(", ", FIELDS)));
                continue;
            }
            JsonNode value = entry.getValue();
            if (value.isNull()) {
                continue; // the default
            }
            List<String> names = names(value, pointer, errors);
            if (names != null) {
                changed.put(field, names);
            }
        }
        return errors.size() > before ? null : new OtlpMapping(changed);
    }

    private static List<String> names(JsonNode value, String pointer, List<FieldError> errors) {
        if (!value.isArray()) {
            errors.add(new FieldError(pointer, "must be a list of attribute names, e.g. [\"customer.id\"]"));
            return null;
        }
        if (value.isEmpty()) {
            errors.add(new FieldError(
                    pointer,
                    "must name at least one attribute; leave the field out, or set it to null, for the default"));
            return null;
        }
        if (value.size() > MAX_NAMES) {
            errors.add(new FieldError(
                    pointer, "names " + value.size() + " attributes; at most " + MAX_NAMES + " are allowed"));
            return null;
        }
        List<String> names = new ArrayList<>(value.size());
        Set<String> seen = new HashSet<>();
        boolean valid = true;
        for (int i = 0; i < value.size(); i++) {
            String problem = nameProblem(value.get(i));
            if (problem == null && !seen.add(value.get(i).stringValue())) {
                problem = "repeats an attribute named earlier in the list";
            }
            if (problem != null) {
                errors.add(new FieldError(pointer + "/" + i, problem));
                valid = false;
            } else {
                names.add(value.get(i).stringValue());
            }
        }
        return valid ? names : null;
    }

    /** What is wrong with one attribute name, or null. Never echoes the value. */
    private static String nameProblem(JsonNode name) {
        if (!name.isString()) {
            return "must be a string";
        }
        String text = name.stringValue();
        if (text.isEmpty() || text.length() > MAX_NAME_LENGTH) {
            return "must be 1 to " + MAX_NAME_LENGTH + " characters";
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '.'
                    || c == '_'
                    || c == '-';
            if (!allowed) {
                return "may contain only ASCII letters, digits, '.', '_' and '-' (character " + (i + 1) + " is not"
                        + " one)";
            }
        }
        return null;
    }

    /** The stored form: the changed fields as a JSON object ({@link #fromJson} reads it back). */
    public String toJson() {
        ObjectNode object = Json.MAPPER.createObjectNode();
        changed.forEach((field, names) -> {
            ArrayNode array = object.putArray(field);
            names.forEach(array::add);
        });
        return object.toString();
    }

    /**
     * Reads the stored form, under the same rules as {@link #read}.
     *
     * @throws IllegalArgumentException when it breaks them (a row not written through {@link #read})
     */
    public static OtlpMapping fromJson(String json) {
        List<FieldError> errors = new ArrayList<>();
        OtlpMapping mapping;
        try {
            mapping = read(Json.MAPPER.readTree(json), "", errors);
        } catch (JacksonException e) {
            throw new IllegalArgumentException("A stored OTLP mapping is not JSON", e);
        }
        if (mapping == null) {
            throw new IllegalArgumentException("A stored OTLP mapping breaks the rules: " + errors);
        }
        return mapping;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OtlpMapping mapping && mapping.changed.equals(changed);
    }

    @Override
    public int hashCode() {
        return changed.hashCode();
    }

    @Override
    public String toString() {
        return "OtlpMapping" + changed;
    }
}
