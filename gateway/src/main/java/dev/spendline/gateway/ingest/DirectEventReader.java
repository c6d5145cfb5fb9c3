package dev.spendline.gateway.ingest;

import static dev.spendline.contracts.validation.Limits.MAX_COST_USD;
import static dev.spendline.contracts.validation.Limits.MAX_ID_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_LATENCY_MS;
import static dev.spendline.contracts.validation.Limits.MAX_NAME_LENGTH;
import static dev.spendline.contracts.validation.Limits.MAX_RETRY_COUNT;
import static dev.spendline.contracts.validation.Limits.MAX_TOKENS;

import dev.spendline.contracts.event.AcceptedEvent;
import dev.spendline.contracts.event.AcceptedEventCodec;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.contracts.validation.FieldReader;
import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The events endpoint's fast path (issue #29: the gateway writes bytes once): reads a body of
 * valid events in one pass over its bytes, validates each field as it is read and writes each event
 * straight into its record value in {@link AcceptedEventCodec}'s layout. No JSON tree, no
 * {@code ProductEvent} or {@code AcceptedEvent}, no second serialization: per event, the record's
 * {@code byte[]} plus the field strings the rules check.
 *
 * <p>It decides only what it can decide exactly. Whenever a body is not a plain valid one (any
 * field with a problem, an unknown or repeated field, a whole number written as {@code 5.0}, an
 * empty batch, too many items, malformed JSON...), it answers {@code null} and the handler takes
 * the general path ({@link RequestJson}, {@link BatchParser}, {@code ProductEventReader}), which
 * produces every answer as before: the errors, their order and their wording stay that path's
 * alone. So this class must never accept what that path refuses, and what it accepts must encode
 * to the same bytes; {@code DirectEventReaderTest} checks both on seeded random bodies.
 */
final class DirectEventReader {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    /** The strings of an event in the layout's order after workspaceId: provider, model, then by bit. */
    private static final int PROVIDER = 0;

    private static final int MODEL = 1;
    private static final int SOURCE = 2;
    private static final int EXTERNAL_ID = 3;
    private static final int FEATURE = 4;
    private static final int TENANT_ID = 5;
    private static final int USER_ID = 6;
    private static final int AGENT_ID = 7;
    private static final int WORKFLOW_ID = 8;
    private static final int RUN_ID = 9;
    private static final int STEP_ID = 10;
    private static final int TOOL_NAME = 11;
    private static final int OUTCOME = 12;
    private static final int STRINGS = 13;

    /** The optional counts, in the layout's bit order (BIT_TOTAL_TOKENS = 0 ... BIT_RETRY_COUNT = 4). */
    private static final int TOTAL_TOKENS = 0;

    private static final int CACHE_READ_TOKENS = 1;
    private static final int CACHE_WRITE_TOKENS = 2;
    private static final int LATENCY_MS = 3;
    private static final int RETRY_COUNT = 4;
    private static final int COUNTS = 5;

    /** Layout bits of the strings above, by index. */
    private static final int[] STRING_BITS = {
        AcceptedEventCodec.BIT_PROVIDER,
        AcceptedEventCodec.BIT_MODEL,
        AcceptedEventCodec.BIT_SOURCE,
        AcceptedEventCodec.BIT_EXTERNAL_ID,
        AcceptedEventCodec.BIT_FEATURE,
        AcceptedEventCodec.BIT_TENANT_ID,
        AcceptedEventCodec.BIT_USER_ID,
        AcceptedEventCodec.BIT_AGENT_ID,
        AcceptedEventCodec.BIT_WORKFLOW_ID,
        AcceptedEventCodec.BIT_RUN_ID,
        AcceptedEventCodec.BIT_STEP_ID,
        AcceptedEventCodec.BIT_TOOL_NAME,
        AcceptedEventCodec.BIT_OUTCOME
    };

    /** Bits of fields seen in the current object, to refuse a repeated field without a set per object. */
    private static final long SEEN_PROMPT = 1L << 40;

    private static final long SEEN_OUTPUT = 1L << 41;
    private static final long SEEN_COST = 1L << 42;
    private static final long SEEN_TS = 1L << 43;
    private static final long SEEN_STATUS = 1L << 44;
    private static final long SEEN_METADATA = 1L << 45;

    private static final int STATUS_SUCCESS = 1;
    private static final int STATUS_ERROR = 2;

    private final int maxItems;
    /** Same limits and number handling as {@link RequestJson}, without its duplicate detection (a set per object): repeats are caught by the seen bits. */
    private final JsonMapper mapper;
    /** For metadata, whose nested objects the seen bits do not cover: strict as the general path. */
    private final RequestJson strict;

    DirectEventReader(int maxItems, int maxDepth) {
        this.maxItems = maxItems;
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(maxDepth)
                        .maxNumberLength(100)
                        .build())
                .build();
        this.mapper = JsonMapper.builder(factory)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .build();
        this.strict = new RequestJson(maxDepth);
    }

    /**
     * The record values of the events in {@code body}, in order, each exactly what
     * {@link AcceptedEventCodec#encode} makes of the event the general path would accept; null when
     * the body is anything but a valid single event or a valid batch of at most the limit.
     */
    byte[][] read(byte[] body, String workspaceId, Instant receivedAt) {
        if (body.length == 0) {
            return null;
        }
        try (JsonParser p = mapper.createParser(body)) {
            Encoder encoder = new Encoder(workspaceId, receivedAt);
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String first = p.nextName();
            byte[][] records;
            if (IngestKind.EVENTS.batchField().equals(first)) {
                records = batch(p, body, encoder);
                if (records == null || p.nextToken() != JsonToken.END_OBJECT) {
                    return null; // another field beside the array: the general path names it
                }
            } else {
                byte[] record = event(p, body, encoder, first);
                if (record == null) {
                    return null;
                }
                records = new byte[][] {record};
            }
            // Anything after the body's value is an error of the general path (trailing tokens).
            return p.nextToken() == null ? records : null;
        } catch (JacksonException e) {
            return null; // malformed: the general path says where
        }
    }

    private byte[][] batch(JsonParser p, byte[] body, Encoder encoder) {
        if (p.nextToken() != JsonToken.START_ARRAY) {
            return null;
        }
        byte[][] records = new byte[Math.min(maxItems, 128)][];
        int n = 0;
        JsonToken token;
        while ((token = p.nextToken()) == JsonToken.START_OBJECT) {
            if (n == maxItems) {
                return null;
            }
            byte[] record = event(p, body, encoder, p.nextName());
            if (record == null) {
                return null;
            }
            if (n == records.length) {
                records = Arrays.copyOf(records, Math.min(maxItems, n * 2));
            }
            records[n++] = record;
        }
        if (token != JsonToken.END_ARRAY || n == 0) {
            return null;
        }
        return n == records.length ? records : Arrays.copyOf(records, n);
    }

    /**
     * One event object whose first field name was just read ({@code null}: the object is empty);
     * the parser is left on its end. Null when it is not valid as it stands, in the same order of
     * rules as {@code ProductEventReader.read}.
     */
    private byte[] event(JsonParser p, byte[] body, Encoder e, String firstName) {
        e.clear();
        long seen = 0;
        for (String name = firstName; name != null; name = p.nextName()) {
            JsonToken value = p.nextToken();
            long bit = seenBit(name);
            if (bit == 0 || (seen & bit) != 0) {
                return null; // unknown or repeated
            }
            seen |= bit;
            if (value == JsonToken.VALUE_NULL) {
                continue; // null is absent, as for the general path
            }
            boolean ok =
                    switch (name) {
                        case "provider" -> string(p, value, e, PROVIDER, MAX_NAME_LENGTH);
                        case "model" -> string(p, value, e, MODEL, MAX_NAME_LENGTH);
                        case "promptTokens" -> (e.promptTokens = count(p, value, MAX_TOKENS)) >= 0;
                        case "outputTokens" -> (e.outputTokens = count(p, value, MAX_TOKENS)) >= 0;
                        case "costUsd" -> money(p, value, e);
                        case "source" -> string(p, value, e, SOURCE, MAX_NAME_LENGTH);
                        case "externalId" -> string(p, value, e, EXTERNAL_ID, MAX_ID_LENGTH);
                        case "ts" -> timestamp(p, value, e);
                        case "totalTokens" -> optionalCount(p, value, e, TOTAL_TOKENS, 2 * MAX_TOKENS);
                        case "cacheReadTokens" -> optionalCount(p, value, e, CACHE_READ_TOKENS, MAX_TOKENS);
                        case "cacheWriteTokens" -> optionalCount(p, value, e, CACHE_WRITE_TOKENS, MAX_TOKENS);
                        case "latencyMs" -> optionalCount(p, value, e, LATENCY_MS, MAX_LATENCY_MS);
                        case "status" -> status(p, value, e);
                        case "feature" -> string(p, value, e, FEATURE, MAX_ID_LENGTH);
                        case "tenantId" -> string(p, value, e, TENANT_ID, MAX_ID_LENGTH);
                        case "userId" -> string(p, value, e, USER_ID, MAX_ID_LENGTH);
                        case "agentId" -> string(p, value, e, AGENT_ID, MAX_ID_LENGTH);
                        case "workflowId" -> string(p, value, e, WORKFLOW_ID, MAX_ID_LENGTH);
                        case "runId" -> string(p, value, e, RUN_ID, MAX_ID_LENGTH);
                        case "stepId" -> string(p, value, e, STEP_ID, MAX_ID_LENGTH);
                        case "toolName" -> string(p, value, e, TOOL_NAME, MAX_ID_LENGTH);
                        case "retryCount" -> optionalCount(p, value, e, RETRY_COUNT, MAX_RETRY_COUNT);
                        case "outcome" -> string(p, value, e, OUTCOME, MAX_NAME_LENGTH);
                        case "metadata" -> metadata(p, body, value, e);
                        default -> false;
                    };
            if (!ok) {
                return null;
            }
        }
        // Required: provider, model, promptTokens, outputTokens, costUsd (present and not null).
        if (e.strings[PROVIDER] == null
                || e.strings[MODEL] == null
                || e.promptTokens < 0
                || e.outputTokens < 0
                || (e.costUsd == null && !e.plainCost)) {
            return null;
        }
        // Identity is all or nothing; cached tokens are inside promptTokens; the total covers both counts.
        if ((e.strings[SOURCE] == null) != (e.strings[EXTERNAL_ID] == null)) {
            return null;
        }
        long cached = e.count(CACHE_READ_TOKENS) + e.count(CACHE_WRITE_TOKENS);
        if (cached > e.promptTokens) {
            return null;
        }
        if (e.has(TOTAL_TOKENS) && e.counts[TOTAL_TOKENS] < e.promptTokens + e.outputTokens) {
            return null;
        }
        return e.encode();
    }

    private static long seenBit(String name) {
        return switch (name) {
            case "provider" -> 1L << 20;
            case "model" -> 1L << 21;
            case "promptTokens" -> SEEN_PROMPT;
            case "outputTokens" -> SEEN_OUTPUT;
            case "costUsd" -> SEEN_COST;
            case "ts" -> SEEN_TS;
            case "status" -> SEEN_STATUS;
            case "metadata" -> SEEN_METADATA;
            case "source" -> 1L << 22;
            case "externalId" -> 1L << 23;
            case "feature" -> 1L << 24;
            case "tenantId" -> 1L << 25;
            case "userId" -> 1L << 26;
            case "agentId" -> 1L << 27;
            case "workflowId" -> 1L << 28;
            case "runId" -> 1L << 29;
            case "stepId" -> 1L << 30;
            case "toolName" -> 1L << 31;
            case "outcome" -> 1L << 32;
            case "totalTokens" -> 1L << 33;
            case "cacheReadTokens" -> 1L << 34;
            case "cacheWriteTokens" -> 1L << 35;
            case "latencyMs" -> 1L << 36;
            case "retryCount" -> 1L << 37;
            default -> 0;
        };
    }

    /** FieldReader.optionalString with {@link TextRules#IDENTITY}: a string, not blank, no problem. */
    private static boolean string(JsonParser p, JsonToken value, Encoder e, int index, int maxLength) {
        if (value != JsonToken.VALUE_STRING) {
            return false;
        }
        String text = p.getString();
        if (text.isBlank() || TextRules.IDENTITY.problem(text, maxLength) != null) {
            return false;
        }
        e.strings[index] = text;
        return true;
    }

    /**
     * A whole non-negative number written as an integer, at most {@code max}; -1 otherwise
     * (including {@code 5.0} and {@code 5e0}, which the general path accepts: they go there).
     */
    private static long count(JsonParser p, JsonToken value, long max) {
        if (value != JsonToken.VALUE_NUMBER_INT) {
            return -1;
        }
        JsonParser.NumberType type = p.getNumberType();
        if (type != JsonParser.NumberType.INT && type != JsonParser.NumberType.LONG) {
            return -1;
        }
        long n = p.getLongValue();
        return n < 0 || n > max ? -1 : n;
    }

    private static boolean optionalCount(JsonParser p, JsonToken value, Encoder e, int index, long max) {
        long n = count(p, value, max);
        if (n < 0) {
            return false;
        }
        e.counts[index] = n;
        e.countBits |= 1 << index;
        return true;
    }

    /**
     * FieldReader.optionalMoney: the number exactly as written (the general path's tree keeps the
     * parser's decimal as it is, trailing zeros and exponent included: the test covers both),
     * non-negative, at most {@code MAX_MONEY_SCALE} places and {@code MAX_COST_USD}. The usual
     * spelling (digits, an optional fraction, at most 18 digits) is read from the parser's
     * characters into a long; anything else through {@link BigDecimal}.
     */
    private static boolean money(JsonParser p, JsonToken value, Encoder e) {
        if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
            return false;
        }
        if (plainMoney(p.getStringCharacters(), p.getStringOffset(), p.getStringLength(), e)) {
            return true;
        }
        BigDecimal amount = p.getDecimalValue();
        if (amount.signum() < 0 || amount.scale() > Limits.MAX_MONEY_SCALE || amount.compareTo(MAX_COST_USD) > 0) {
            return false;
        }
        e.costUsd = amount;
        return true;
    }

    /** 10^0 .. 10^18. */
    private static final long[] POWERS_OF_TEN = new long[19];

    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    /** The most digits read into a long here: 10^18 - 1 fits, with room to compare against the maximum. */
    private static final int MAX_PLAIN_DIGITS = 18;

    /**
     * {@code [-]digits[.digits]} with at most 18 digits in all, a valid amount: its unscaled value
     * and scale, as {@code new BigDecimal(text)} gives them; false (nothing set) for any other
     * spelling or an amount that is not valid, which then takes the general route.
     */
    static boolean plainMoney(char[] chars, int offset, int length, Encoder e) {
        int i = offset;
        int end = offset + length;
        boolean negative = i < end && chars[i] == '-';
        if (negative) {
            i++;
        }
        long unscaled = 0;
        int digits = 0;
        int scale = 0;
        boolean fraction = false;
        for (; i < end; i++) {
            char c = chars[i];
            if (c >= '0' && c <= '9') {
                if (++digits > MAX_PLAIN_DIGITS) {
                    return false;
                }
                unscaled = unscaled * 10 + (c - '0');
                if (fraction) {
                    scale++;
                }
            } else if (c == '.' && !fraction) {
                fraction = true;
            } else {
                return false; // an exponent, or anything unexpected
            }
        }
        if (digits == 0 || (negative && unscaled != 0) || scale > Limits.MAX_MONEY_SCALE) {
            return false;
        }
        // unscaled / 10^scale <= 100000, i.e. unscaled <= 100000 * 10^scale (no overflow: scale <= 13
        // there; from 14 places 18 digits are below 10^18 <= 100000 * 10^scale).
        if (scale <= 13 && unscaled > 100_000L * POWERS_OF_TEN[scale]) {
            return false;
        }
        e.costUnscaled = unscaled;
        e.costScale = scale;
        e.costUsd = null;
        e.plainCost = true;
        return true;
    }

    /** FieldReader.optionalTimestamp, same parser and bounds. */
    private static boolean timestamp(JsonParser p, JsonToken value, Encoder e) {
        if (value != JsonToken.VALUE_STRING) {
            return false;
        }
        Instant instant;
        try {
            instant = OffsetDateTime.parse(p.getString(), DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
        } catch (DateTimeParseException ex) {
            return false;
        }
        if (instant.isAfter(e.receivedAt.plus(Limits.MAX_FUTURE_SKEW)) || instant.isBefore(Limits.EARLIEST_TS)) {
            return false;
        }
        e.ts = instant;
        return true;
    }

    /** FieldReader.optionalEnum over success and error. */
    private static boolean status(JsonParser p, JsonToken value, Encoder e) {
        if (value != JsonToken.VALUE_STRING) {
            return false;
        }
        String text = p.getString();
        if (text.equals("success")) {
            e.status = STATUS_SUCCESS;
        } else if (text.equals("error")) {
            e.status = STATUS_ERROR;
        } else {
            return false;
        }
        return true;
    }

    /**
     * Metadata is rare and nested: its bytes are parsed as the general path parses them (duplicate
     * keys refused at any depth) and checked by {@link FieldReader#optionalMetadata} itself.
     */
    private boolean metadata(JsonParser p, byte[] body, JsonToken value, Encoder e) {
        if (value != JsonToken.START_OBJECT) {
            return false;
        }
        long start = p.currentTokenLocation().getByteOffset();
        p.skipChildren();
        long end = p.currentLocation().getByteOffset();
        if (start < 0 || end <= start || end > body.length) {
            return false;
        }
        JsonNode node = strict.parseOrNull(body, (int) start, (int) (end - start));
        if (node == null) {
            return false;
        }
        ObjectNode holder = JsonNodeFactory.instance.objectNode();
        holder.set("metadata", node);
        List<FieldError> errors = new ArrayList<>(0);
        JsonNode checked = FieldReader.of(holder, "", errors).optionalMetadata("metadata");
        if (checked == null || !errors.isEmpty()) {
            return false;
        }
        e.metadata = Json.MAPPER.writeValueAsBytes(checked);
        return e.metadata.length <= AcceptedEventCodec.MAX_BYTES;
    }

    /**
     * The fields of the event being read, reused for every event of a request, and the writer of
     * {@link AcceptedEventCodec}'s layout from them.
     */
    private static final class Encoder {

        final Instant receivedAt;
        final byte[] workspaceId;
        final String[] strings = new String[STRINGS];
        final long[] counts = new long[COUNTS];
        int countBits;
        long promptTokens;
        long outputTokens;
        /** The cost as a BigDecimal, or (plainCost) as an unscaled long and scale. */
        BigDecimal costUsd;

        boolean plainCost;
        long costUnscaled;
        int costScale;
        Instant ts;
        int status;
        byte[] metadata;

        Encoder(String workspaceId, Instant receivedAt) {
            this.receivedAt = receivedAt;
            this.workspaceId = workspaceId.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }

        void clear() {
            Arrays.fill(strings, null);
            countBits = 0;
            promptTokens = -1;
            outputTokens = -1;
            costUsd = null;
            plainCost = false;
            ts = null;
            status = 0;
            metadata = null;
        }

        boolean has(int count) {
            return (countBits & 1 << count) != 0;
        }

        long count(int count) {
            return has(count) ? counts[count] : 0;
        }

        /** The layout of {@link AcceptedEventCodec} (see its table), for an event that passed every rule. */
        byte[] encode() {
            byte[] unscaled = plainCost ? null : costUsd.unscaledValue().toByteArray();
            // BigInteger.toByteArray of a non-negative long: its bits and a sign bit, in whole bytes.
            int unscaledLength = plainCost ? (64 - Long.numberOfLeadingZeros(costUnscaled)) / 8 + 1 : unscaled.length;
            int bits = 1 << AcceptedEventCodec.BIT_WORKSPACE_ID
                    | 1 << AcceptedEventCodec.BIT_RECEIVED_AT
                    | 1 << AcceptedEventCodec.BIT_EVENT
                    | 1 << AcceptedEventCodec.BIT_COST_USD
                    | 1 << AcceptedEventCodec.BIT_TS
                    | countBits; // BIT_TOTAL_TOKENS..BIT_RETRY_COUNT are bits 0..4, as the counts
            int size = AcceptedEventCodec.FIXED_SIZE + 8 * Integer.bitCount(countBits) + 6 + unscaledLength;
            size += 2 + workspaceId.length;
            for (int i = 0; i < STRINGS; i++) {
                if (strings[i] != null) {
                    bits |= 1 << STRING_BITS[i];
                    size += 2 + utf8Length(strings[i]);
                }
            }
            if (metadata != null) {
                bits |= 1 << AcceptedEventCodec.BIT_METADATA;
                size += 2 + metadata.length;
            }
            Instant eventTs = ts == null ? receivedAt : ts;

            byte[] out = new byte[size];
            out[0] = AcceptedEventCodec.MAGIC;
            out[1] = AcceptedEventCodec.FORMAT_VERSION;
            INT.set(out, AcceptedEventCodec.OFFSET_BITS, bits);
            INT.set(out, AcceptedEventCodec.OFFSET_SCHEMA_VERSION, AcceptedEvent.SCHEMA_VERSION);
            LONG.set(out, AcceptedEventCodec.OFFSET_RECEIVED_AT, receivedAt.getEpochSecond());
            INT.set(out, AcceptedEventCodec.OFFSET_RECEIVED_AT + 8, receivedAt.getNano());
            LONG.set(out, AcceptedEventCodec.OFFSET_TS, eventTs.getEpochSecond());
            INT.set(out, AcceptedEventCodec.OFFSET_TS + 8, eventTs.getNano());
            LONG.set(out, AcceptedEventCodec.OFFSET_PROMPT_TOKENS, promptTokens);
            LONG.set(out, AcceptedEventCodec.OFFSET_OUTPUT_TOKENS, outputTokens);
            out[AcceptedEventCodec.OFFSET_STATUS] = (byte) status;
            int at = AcceptedEventCodec.FIXED_SIZE;
            for (int i = 0; i < COUNTS; i++) {
                if (has(i)) {
                    LONG.set(out, at, counts[i]);
                    at += 8;
                }
            }
            if (plainCost) {
                INT.set(out, at, costScale);
                SHORT.set(out, at + 4, (short) unscaledLength);
                for (int b = 0; b < unscaledLength; b++) {
                    out[at + 6 + b] = (byte) (costUnscaled >>> 8 * (unscaledLength - 1 - b));
                }
            } else {
                INT.set(out, at, costUsd.scale());
                SHORT.set(out, at + 4, (short) unscaled.length);
                System.arraycopy(unscaled, 0, out, at + 6, unscaled.length);
            }
            at += 6 + unscaledLength;
            SHORT.set(out, at, (short) workspaceId.length);
            System.arraycopy(workspaceId, 0, out, at + 2, workspaceId.length);
            at += 2 + workspaceId.length;
            for (int i = 0; i < STRINGS; i++) {
                if (strings[i] != null) {
                    at = AcceptedEventCodec.writeString(out, at, strings[i]);
                }
            }
            if (metadata != null) {
                SHORT.set(out, at, (short) metadata.length);
                System.arraycopy(metadata, 0, out, at + 2, metadata.length);
                at += 2 + metadata.length;
            }
            if (at != size) {
                throw new IllegalStateException("wrote " + at + " bytes of " + size);
            }
            return out;
        }

        /** UTF-8 length of a string the identity rule accepted (so every surrogate is paired). */
        private static int utf8Length(String s) {
            int length = s.length();
            int bytes = length;
            for (int i = 0; i < length; i++) {
                char c = s.charAt(i);
                if (c >= 0x80) {
                    bytes += c < 0x800 ? 1 : Character.isHighSurrogate(c) ? 1 : Character.isLowSurrogate(c) ? 1 : 2;
                }
            }
            return bytes;
        }
    }
}
