package dev.spendline.gateway.ingest;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.BiConsumer;

/**
 * Seeded random event bodies as senders write them: every field optional or present, values over
 * their whole ranges (Unicode and JSON escapes in strings, money as integers, decimals, exponents
 * and trailing zeros, time stamps with offsets and fractions, nested metadata), fields in any
 * order, whitespace anywhere; and mutations that each make an event invalid.
 */
final class RandomEvents {

    /** One field as written: its name and its raw JSON value. */
    record Field(String name, String json) {}

    private RandomEvents() {}

    static String valid(Random random) {
        return render(fields(random), random);
    }

    static String invalid(Random random) {
        List<Field> fields = fields(random);
        MUTATIONS.get(random.nextInt(MUTATIONS.size())).accept(fields, random);
        return render(fields, random);
    }

    static List<Field> fields(Random random) {
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("provider", string(random, 1, 128)));
        fields.add(new Field("model", string(random, 1, 128)));
        long prompt = count(random, 1_000_000_000L);
        long output = count(random, 1_000_000_000L);
        fields.add(new Field("promptTokens", Long.toString(prompt)));
        fields.add(new Field("outputTokens", Long.toString(output)));
        fields.add(new Field("costUsd", money(random)));
        if (random.nextInt(3) > 0) {
            fields.add(new Field("source", string(random, 1, 128)));
            fields.add(new Field("externalId", string(random, 1, 256)));
        }
        maybe(random, fields, "ts", () -> timestamp(random));
        if (random.nextInt(3) == 0) {
            long total = prompt + output + (random.nextBoolean() ? 0 : count(random, 1_000_000L));
            fields.add(new Field("totalTokens", Long.toString(Math.min(total, 2_000_000_000L))));
        }
        if (random.nextBoolean()) {
            long read = prompt == 0 ? 0 : (long) (random.nextDouble() * prompt / 2);
            fields.add(new Field("cacheReadTokens", Long.toString(read)));
        }
        if (random.nextInt(4) == 0) {
            long write = prompt == 0 ? 0 : (long) (random.nextDouble() * prompt / 2);
            fields.add(new Field("cacheWriteTokens", Long.toString(write)));
        }
        maybe(random, fields, "latencyMs", () -> Long.toString(count(random, 86_400_000L)));
        maybe(random, fields, "status", () -> random.nextBoolean() ? "\"success\"" : "\"error\"");
        for (String id :
                List.of("feature", "tenantId", "userId", "agentId", "workflowId", "runId", "stepId", "toolName")) {
            maybe(random, fields, id, () -> string(random, 1, 256));
        }
        maybe(random, fields, "retryCount", () -> Long.toString(count(random, 1_000)));
        maybe(random, fields, "outcome", () -> string(random, 1, 128));
        if (random.nextInt(5) == 0) {
            fields.add(new Field("metadata", metadata(random, 1)));
        }
        // An optional field written as null is absent.
        if (random.nextInt(6) == 0) {
            List<String> optional = List.of("feature", "ts", "metadata", "retryCount", "status", "userId");
            String name = optional.get(random.nextInt(optional.size()));
            if (fields.stream().noneMatch(f -> f.name().equals(name))) {
                fields.add(new Field(name, "null"));
            }
        }
        Collections.shuffle(fields, random);
        return fields;
    }

    static String render(List<Field> fields, Random random) {
        StringBuilder json = new StringBuilder(512).append('{');
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                json.append(',');
            }
            json.append(space(random))
                    .append('"')
                    .append(fields.get(i).name())
                    .append('"')
                    .append(space(random))
                    .append(':')
                    .append(space(random))
                    .append(fields.get(i).json())
                    .append(space(random));
        }
        return json.append('}').toString();
    }

    static String batch(List<String> events, Random random) {
        return "{" + space(random) + "\"events\"" + space(random) + ":" + space(random) + "["
                + String.join("," + space(random), events) + "]" + space(random) + "}";
    }

    private static void maybe(
            Random random, List<Field> fields, String name, java.util.function.Supplier<String> value) {
        if (random.nextBoolean()) {
            fields.add(new Field(name, value.get()));
        }
    }

    private static String space(Random random) {
        return switch (random.nextInt(8)) {
            case 0 -> " ";
            case 1 -> "\n  ";
            case 2 -> "\t";
            default -> "";
        };
    }

    private static long count(Random random, long max) {
        return switch (random.nextInt(6)) {
            case 0 -> 0;
            case 1 -> max;
            case 2 -> (long) (random.nextDouble() * max);
            default -> random.nextInt((int) Math.min(max, 10_000) + 1);
        };
    }

    /** Amounts as senders write them; every one valid (at most 20 places, at most 100000). */
    private static String money(Random random) {
        List<String> fixed = List.of(
                "0",
                "0.0",
                "-0",
                "-0.0",
                "100000",
                "100000.000",
                "12",
                "0.00001",
                "1.50",
                "2.000000",
                "1E-5",
                "1e-20",
                "1.5e2",
                "1.5E+2",
                "0.12345678901234567890",
                "99999.99999999999999999",
                "3",
                "7.25e-3",
                "1E+5",
                "0E-10");
        if (random.nextBoolean()) {
            return fixed.get(random.nextInt(fixed.size()));
        }
        int places = random.nextInt(13);
        long units = (long) (random.nextDouble() * 1_000_000_000L);
        String digits = Long.toString(units);
        if (places == 0) {
            return Long.toString(units % 100_000);
        }
        String whole = units / pow10(places) % 100_000 + "";
        String fraction = String.format("%0" + places + "d", units % pow10(places));
        return whole + "." + fraction + (digits.length() % 3 == 0 ? "0" : "");
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    private static String timestamp(Random random) {
        int year = 2015 + random.nextInt(12);
        int month = 1 + random.nextInt(12);
        int day = 1 + random.nextInt(28);
        String base =
                String.format("%04d-%02d-%02dT%02d:%02d", year, month, day, random.nextInt(24), random.nextInt(60));
        if (random.nextInt(5) > 0) {
            base += String.format(":%02d", random.nextInt(60));
            if (random.nextBoolean()) {
                int digits = 1 + random.nextInt(9);
                base += "."
                        + String.format("%09d", random.nextInt(1_000_000_000)).substring(0, digits);
            }
        }
        String offset = year == 2015
                ? "Z"
                : switch (random.nextInt(4)) {
                    case 0 -> "Z";
                    case 1 -> "+01:00";
                    case 2 -> "-05:30";
                    default -> "+14:00";
                };
        if (year == 2026 && month >= 11) {
            base = "2026-10-" + base.substring(8); // not in the future of RECEIVED_AT
        }
        return "\"" + base + offset + "\"";
    }

    /** A valid identity string of 1..max characters (UTF-16 units), some written as JSON escapes. */
    static String string(Random random, int min, int max) {
        int length = min + (random.nextInt(4) == 0 ? random.nextInt(max - min + 1) : random.nextInt(Math.min(24, max)));
        StringBuilder json = new StringBuilder("\"");
        int units = 0;
        boolean visible = false;
        while (units < length) {
            int kind = random.nextInt(20);
            if (kind == 0 && units + 2 <= length) {
                json.append("\uD83D\uDE00"); // a pair: 4 bytes of UTF-8
                units += 2;
                visible = true;
            } else if (kind == 1) {
                json.append('é');
                units++;
                visible = true;
            } else if (kind == 2) {
                json.append('中');
                units++;
                visible = true;
            } else if (kind == 3) {
                json.append(random.nextBoolean() ? "\\\"" : "\\\\");
                units++;
                visible = true;
            } else if (kind == 4) {
                json.append("\\u00e9");
                units++;
                visible = true;
            } else if (kind == 5 && units > 0 && units + 1 < length) {
                json.append(' ');
                units++;
            } else {
                json.append((char) ('a' + random.nextInt(26)));
                units++;
                visible = true;
            }
        }
        if (!visible) {
            json.append('x');
        }
        return json.append('"').toString();
    }

    private static String metadata(Random random, int depth) {
        int entries = random.nextInt(5);
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            parts.add("\"k" + i + (char) ('a' + random.nextInt(26)) + "\":" + metadataValue(random, depth));
        }
        return "{" + String.join(",", parts) + "}";
    }

    private static String metadataValue(Random random, int depth) {
        return switch (random.nextInt(depth < 3 ? 9 : 7)) {
            case 0 -> "true";
            case 1 -> "null";
            case 2 -> Integer.toString(random.nextInt(1000) - 500);
            case 3 -> List.of("1.50", "2.0", "1e3", "-0.25", "12345678901234567890", "0.1")
                    .get(random.nextInt(6));
            case 4 -> "\"tab\\tand line\\nbreak é\"";
            case 5 -> "\"plain value " + random.nextInt(100) + "\"";
            case 6 -> "\"\"";
            case 7 -> metadata(random, depth + 1);
            default -> "[" + metadataValue(random, depth + 1) + "," + metadataValue(random, depth + 1) + "]";
        };
    }

    private static void set(List<Field> fields, String name, String json) {
        fields.removeIf(f -> f.name().equals(name));
        fields.add(new Field(name, json));
    }

    private static void remove(List<Field> fields, String name) {
        fields.removeIf(f -> f.name().equals(name));
    }

    private static String pick(Random random, String... names) {
        return names[random.nextInt(names.length)];
    }

    /** Each makes the event invalid for the general path. */
    static final List<BiConsumer<List<Field>, Random>> MUTATIONS = List.of(
            (f, r) -> remove(f, pick(r, "provider", "model", "promptTokens", "outputTokens", "costUsd")),
            (f, r) -> set(f, pick(r, "provider", "model", "promptTokens", "outputTokens", "costUsd"), "null"),
            (f, r) ->
                    set(f, pick(r, "promptTokens", "outputTokens", "latencyMs", "retryCount", "cacheReadTokens"), "-1"),
            (f, r) -> set(f, pick(r, "promptTokens", "outputTokens"), "1000000001"),
            (f, r) -> set(f, "latencyMs", "86400001"),
            (f, r) -> set(f, "retryCount", "1001"),
            (f, r) -> set(
                    f, pick(r, "promptTokens", "outputTokens"), pick(r, "5.5", "1e400", "\"5\"", "true", "[]", "{}")),
            (f, r) -> set(f, pick(r, "promptTokens", "outputTokens"), "99999999999999999999999"),
            (f, r) ->
                    set(f, pick(r, "provider", "model", "feature", "source"), pick(r, "5", "true", "[]", "{}", "\"\"")),
            (f, r) -> set(f, pick(r, "provider", "model", "feature", "outcome"), "\"   \""),
            (f, r) -> set(f, pick(r, "model", "feature", "userId"), "\"a\\u0001b\""),
            (f, r) -> set(f, pick(r, "model", "tenantId"), "\"a\\u202Eb\""),
            (f, r) -> set(f, pick(r, "model", "tenantId"), "\"a\\u200Eb\""),
            (f, r) -> set(f, pick(r, "model", "agentId"), "\"a\\ud800b\""),
            (f, r) -> set(f, pick(r, "provider", "outcome"), "\"" + "p".repeat(129) + "\""),
            (f, r) -> set(f, pick(r, "feature", "runId", "externalId"), "\"" + "é".repeat(257) + "\""),
            (f, r) -> f.add(new Field(pick(r, "extra", "Provider", "cost_usd", "events"), "1")),
            (f, r) -> f.add(new Field(pick(r, "provider", "model", "promptTokens"), pick(r, "\"x\"", "1"))),
            (f, r) -> {
                remove(f, "source");
                remove(f, "externalId");
                f.add(new Field(pick(r, "source", "externalId"), "\"only-one\""));
            },
            (f, r) -> {
                set(f, "promptTokens", "10");
                set(f, "cacheReadTokens", "8");
                set(f, "cacheWriteTokens", "3");
            },
            (f, r) -> {
                set(f, "promptTokens", "10");
                set(f, "outputTokens", "5");
                set(f, "totalTokens", "14");
            },
            (f, r) -> set(
                    f,
                    "costUsd",
                    pick(r, "-0.01", "100000.0000001", "1e-21", "1E+6", "\"0.01\"", "0.123456789012345678901")),
            (f, r) -> set(
                    f,
                    "ts",
                    pick(
                            r,
                            "\"2030-01-01T00:00:00Z\"",
                            "\"2014-12-31T23:59:59Z\"",
                            "\"yesterday\"",
                            "\"2026-11-26T10:15:30\"",
                            "\"2026-02-30T10:15:30Z\"",
                            "5",
                            "\"2026-11-26 10:15:30Z\"")),
            (f, r) -> set(f, "status", pick(r, "\"ok\"", "\"SUCCESS\"", "1", "\"\"")),
            (f, r) -> set(
                    f,
                    "metadata",
                    pick(
                            r,
                            "[]",
                            "\"text\"",
                            "1",
                            "{\"authorization\":\"x\"}",
                            "{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":1}}}}}",
                            "{\"a\":{\"k\":1,\"k\":2}}",
                            "{\"k\":1,\"k\":2}",
                            "{\"note\":\"sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD\"}",
                            "{\"a\\u0001\":1}")),
            (f, r) -> set(f, "metadata", "{\"big\":\"" + "x".repeat(4100) + "\"}"));
}
