package dev.spendline.standalone;

import static dev.spendline.standalone.Gen.weighted;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The generators of {@link PublicPortFuzzIT} ({@link Gen}): JSON values of every type (and of the
 * wrong one), strings with lone surrogates and control characters, huge and negative numbers, deep
 * nesting, malformed documents, odd content types and query strings. JSON is written by hand
 * ({@link #quoted}) so that a lone surrogate or a control character goes out as a {@code \\u}
 * escape, which a library writer would refuse to produce.
 */
final class FuzzInputs {

    private FuzzInputs() {}

    /** Strings meant to hurt: surrogates, controls, NULs, huge, path and markup tricks, injections. */
    static Gen<String> nastyStrings() {
        return Gen.oneOf(
                Gen.strings(Gen.chars('\u0000', '\uffff'), 0, 40),
                Gen.strings(Gen.chars('\u0000', '\u001f'), 1, 5),
                Gen.strings(Gen.chars('\ud800', '\udfff'), 1, 3),
                Gen.strings(Gen.chars("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), 1, 20),
                Gen.of(
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
                // Huge strings, mostly of a few kB: the body limits are what they reach, and 300 kB
                // each time would only slow the run down.
                Gen.<Integer>frequency(weighted(4, Gen.ints(1_000, 10_000)), weighted(1, Gen.ints(10_000, 300_000)))
                        .map("x"::repeat));
    }

    /** Numbers of every size and sign, as JSON text (some not representable in a long or a double). */
    static Gen<String> numbers() {
        return Gen.oneOf(
                Gen.longs().map(String::valueOf),
                Gen.ints(-5, 5).map(String::valueOf),
                Gen.decimals(12).map(Object::toString),
                Gen.of(
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
    static Gen<String> values(int depth) {
        Gen<String> leaves = Gen.oneOf(
                nastyStrings().map(FuzzInputs::quoted), numbers(), Gen.of("true", "false", "null", "{}", "[]"));
        return Gen.recursive(
                depth,
                leaves,
                smaller -> Gen.frequency(
                        weighted(6, leaves),
                        weighted(1, smaller.list(0, 4).map(items -> "[" + String.join(",", items) + "]")),
                        weighted(
                                1,
                                random ->
                                        "{" + quoted(nastyStrings().next(random)) + ":" + smaller.next(random) + "}")));
    }

    /**
     * An object built from {@code template} (field name to a valid JSON value), each field kept,
     * dropped, replaced by any value or set to null, plus sometimes an unknown field.
     */
    static Gen<String> mutated(Map<String, String> template) {
        List<Gen<String>> fields = new ArrayList<>();
        for (Map.Entry<String, String> field : template.entrySet()) {
            String name = quoted(field.getKey()) + ":";
            fields.add(Gen.frequency(
                    weighted(5, Gen.just(name + field.getValue())),
                    weighted(1, Gen.just("")),
                    weighted(1, Gen.just(name + "null")),
                    weighted(3, values(2).map(v -> name + v))));
        }
        Gen<String> extra = Gen.frequency(
                weighted(4, Gen.just("")),
                weighted(
                        1,
                        random -> quoted(nastyStrings().next(random)) + ":"
                                + values(1).next(random)));
        return random -> {
            List<String> present = new ArrayList<>();
            for (Gen<String> field : fields) {
                String part = field.next(random);
                if (!part.isEmpty()) {
                    present.add(part);
                }
            }
            String more = extra.next(random);
            if (!more.isEmpty()) {
                present.add(more);
            }
            return "{" + String.join(",", present) + "}";
        };
    }

    /** Bodies that are not (valid) JSON: truncated, deep, raw controls, invalid UTF-8, empty. */
    static Gen<byte[]> malformed(String valid) {
        return Gen.oneOf(
                Gen.ints(0, Math.max(0, valid.length() - 1)).map(n -> utf8(valid.substring(0, n))),
                Gen.ints(100, 20_000).map(n -> utf8("[".repeat(n) + "]".repeat(n))),
                Gen.ints(100, 20_000).map(n -> utf8("{\"a\":".repeat(n) + "1" + "}".repeat(n))),
                Gen.bytes(200),
                Gen.of(
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
    static Gen<String> contentTypes(String right) {
        return Gen.frequency(
                weighted(8, Gen.just(right)),
                weighted(
                        1,
                        Gen.of(
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
    static Gen<String> queryStrings() {
        Gen<String> part = Gen.oneOf(
                nastyStrings().map(FuzzInputs::percentEncoded),
                Gen.of("%", "%zz", "%00", "%C3%28", "%ED%A0%80", "+", "&&", "==", "%2F", "a[]", "a.b", ";x"));
        Gen<String> names = Gen.oneOf(
                Gen.of("by", "from", "to", "limit", "asOf", "scope", "value", "period", "month", "state"), part);
        Gen<String> pair = random -> names.next(random) + "=" + part.next(random);
        return pair.list(1, 4).map(pairs -> String.join("&", pairs));
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
