package dev.spendline.standalone;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * The generators of {@link PublicPortFuzzIT}: JSON values of every type (and of the wrong one),
 * strings with lone surrogates and control characters, huge and negative numbers, deep nesting,
 * malformed documents, odd content types and query strings. JSON is written by hand ({@link #json})
 * so that a lone surrogate or a control character goes out as a {@code \\u} escape, which a library
 * writer would refuse to produce.
 */
final class FuzzInputs {

    private FuzzInputs() {}

    /** Strings meant to hurt: surrogates, controls, NULs, huge, path and markup tricks, injections. */
    static Arbitrary<String> nastyStrings() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(40),
                Arbitraries.strings()
                        .withCharRange('\u0000', '\u001f')
                        .ofMinLength(1)
                        .ofMaxLength(5),
                Arbitraries.strings()
                        .withCharRange('\ud800', '\udfff')
                        .ofMinLength(1)
                        .ofMaxLength(3),
                Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(20),
                Arbitraries.of(
                        "",
                        " ",
                        "\u0000",
                        "\ud800",
                        "a\udc00b",
                        "\uffff",
                        "\u202e",
                        "../../etc/passwd",
                        "%00",
                        "a/b",
                        "<script>alert(1)</script>",
                        "' OR 1=1 --",
                        "${jndi:ldap://x/y}",
                        "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
                        "2026-13-45",
                        "2026-11-20T10:00:00Z",
                        "+1000000000-12-31T23:59:59Z",
                        "-999999999-01-01T00:00:00Z",
                        "NaN",
                        "Infinity",
                        "null",
                        "feature",
                        "MONTHLY",
                        "openai"),
                Arbitraries.integers().between(1_000, 300_000).map("x"::repeat));
    }

    /** Numbers of every size and sign, as JSON text (some not representable in a long or a double). */
    static Arbitrary<String> numbers() {
        return Arbitraries.oneOf(
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.integers().between(-5, 5).map(String::valueOf),
                Arbitraries.bigDecimals().ofScale(12).map(Object::toString),
                Arbitraries.of(
                        "0",
                        "-0",
                        "-1",
                        "1e400",
                        "-1e400",
                        "1e-400",
                        "123456789012345678901234567890",
                        "0.000000000000000000001",
                        "9223372036854775808",
                        "1E+2147483647",
                        "100000.000000001"));
    }

    /** Any JSON value, nested up to {@code depth}. */
    static Arbitrary<String> values(int depth) {
        Arbitrary<String> leaves = Arbitraries.oneOf(
                nastyStrings().map(FuzzInputs::quoted), numbers(), Arbitraries.of("true", "false", "null", "{}", "[]"));
        if (depth <= 0) {
            return leaves;
        }
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, leaves),
                net.jqwik.api.Tuple.of(
                        1, values(depth - 1).list().ofMaxSize(4).map(items -> "[" + String.join(",", items) + "]")),
                net.jqwik.api.Tuple.of(
                        1,
                        Combinators.combine(nastyStrings(), values(depth - 1))
                                .as((k, v) -> "{" + quoted(k) + ":" + v + "}")));
    }

    /**
     * An object built from {@code template} (field name to a valid JSON value), each field kept,
     * dropped, replaced by any value or set to null, plus sometimes an unknown field.
     */
    static Arbitrary<String> mutated(Map<String, String> template) {
        List<Arbitrary<String>> fields = new ArrayList<>();
        for (Map.Entry<String, String> field : template.entrySet()) {
            String name = quoted(field.getKey()) + ":";
            fields.add(Arbitraries.frequencyOf(
                    net.jqwik.api.Tuple.of(5, Arbitraries.just(name + field.getValue())),
                    net.jqwik.api.Tuple.of(1, Arbitraries.just("")),
                    net.jqwik.api.Tuple.of(1, Arbitraries.just(name + "null")),
                    net.jqwik.api.Tuple.of(3, values(2).map(v -> name + v))));
        }
        Arbitrary<String> extra = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.just("")),
                net.jqwik.api.Tuple.of(
                        1, Combinators.combine(nastyStrings(), values(1)).as((k, v) -> quoted(k) + ":" + v)));
        return Combinators.combine(Combinators.combine(fields).as(List::copyOf), extra)
                .as((parts, more) -> {
                    List<String> present = new ArrayList<>();
                    parts.stream().filter(p -> !p.isEmpty()).forEach(present::add);
                    if (!more.isEmpty()) {
                        present.add(more);
                    }
                    return "{" + String.join(",", present) + "}";
                });
    }

    /** Bodies that are not (valid) JSON: truncated, deep, raw controls, invalid UTF-8, empty. */
    static Arbitrary<byte[]> malformed(String valid) {
        return Arbitraries.oneOf(
                Arbitraries.integers()
                        .between(0, Math.max(0, valid.length() - 1))
                        .map(n -> utf8(valid.substring(0, n))),
                Arbitraries.integers().between(100, 20_000).map(n -> utf8("[".repeat(n) + "]".repeat(n))),
                Arbitraries.integers().between(100, 20_000).map(n -> utf8("{\"a\":".repeat(n) + "1" + "}".repeat(n))),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(200),
                Arbitraries.of(
                        new byte[0],
                        utf8("{\"a\":\"\u0001\"}"),
                        new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'},
                        new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'},
                        utf8("{\"a\":1}{\"b\":2}"),
                        utf8("{\"a\":1,}"),
                        utf8("{'a':1}"),
                        utf8("nul"),
                        utf8("\"just a string\""),
                        utf8("12345678901234567890e99999")));
    }

    /** Content types a client might send, right and wrong. */
    static Arbitrary<String> contentTypes(String right) {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(8, Arbitraries.just(right)),
                net.jqwik.api.Tuple.of(
                        1,
                        Arbitraries.of(
                                "text/plain",
                                "application/xml",
                                "application/json; charset=ISO-8859-1",
                                "application/json; charset=utf-16",
                                "application/json; charset=nope",
                                "application/x-www-form-urlencoded",
                                "multipart/form-data; boundary=x",
                                "multipart/form-data",
                                "*/*",
                                "application/",
                                "application/json;;;",
                                "application/octet-stream")));
    }

    /** Query strings with odd names, values and encodings. */
    static Arbitrary<String> queryStrings() {
        Arbitrary<String> part = Arbitraries.oneOf(
                nastyStrings().map(FuzzInputs::percentEncoded),
                Arbitraries.of("%", "%zz", "%00", "%C3%28", "%ED%A0%80", "+", "&&", "==", "%2F", "a[]", "a.b", ";x"));
        Arbitrary<String> names = Arbitraries.oneOf(
                Arbitraries.of("by", "from", "to", "limit", "asOf", "scope", "value", "period", "month", "state"),
                part);
        return Combinators.combine(names, part)
                .as((n, v) -> n + "=" + v)
                .list()
                .ofMinSize(1)
                .ofMaxSize(4)
                .map(pairs -> String.join("&", pairs));
    }

    /** A JSON string literal; everything outside printable ASCII as a {@code \\u} escape. */
    static String quoted(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    /** Percent-encodes the UTF-16 units' low bytes and the UTF-8 of the rest, keeping odd bytes odd. */
    static String percentEncoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int u = b & 0xff;
            if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9')) {
                out.append((char) u);
            } else {
                out.append('%').append(String.format("%02X", u));
            }
        }
        return out.toString();
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static Map<String, String> template(String... nameAndJson) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameAndJson.length; i += 2) {
            fields.put(nameAndJson[i], nameAndJson[i + 1]);
        }
        return fields;
    }
}
