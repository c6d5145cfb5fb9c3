package dev.spendline.contracts.event;

import dev.spendline.contracts.json.Json;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The binary layout (format version 2) of an {@link AcceptedEvent} on {@code spendline.events.v1}
 * (issue #29: JSON cost 13.5 % of the stream thread, and the gateway wrote each event twice).
 *
 * <p>Hand-written rather than generated or reflective (Jackson, Avro, Protobuf): the layout is
 * fixed and versioned, with the numbers every stage reads (receive time, {@code ts}, token counts,
 * status) at fixed offsets so a reader can go straight to them; no reflection and no schema
 * registry; no new dependency in a module the CLI and the collector use as it is; and the first
 * byte must tell it from the JSON records older versions left on the topic, which start with
 * {@code '{'} or JSON whitespace while this starts with {@link #MAGIC}. Every value is big-endian.
 *
 * <pre>
 * offset  size  field
 *      0     1  magic 0xA5
 *      1     1  format version, 2
 *      2     4  presence bits (u32), see BIT_*; bits not listed must be 0
 *      6     4  AcceptedEvent.schemaVersion (i32; 1 today: the record's meaning did not change)
 *     10     8  receivedAt epoch seconds (i64)      } 0 when absent
 *     18     4  receivedAt nanos (i32)              }
 *     22     8  ts epoch seconds (i64)              }
 *     30     4  ts nanos (i32)                      }
 *     34     8  promptTokens (i64)                  }
 *     42     8  outputTokens (i64)                  }
 *     50     1  status: 0 absent, 1 success, 2 error, 3 other (its text follows the strings)
 *     51  8 each  the present optional counts in bit order (i64)
 *      …     4  costUsd scale (i32; negative for 1E+5)      } when present
 *      …     2  costUsd unscaled length n (u16, at least 1) }
 *      …     n  costUsd unscaled value, two's complement    }
 *      …        strings, each u16 length + UTF-8: workspaceId, provider, model (when present),
 *               then the present optional strings in bit order, then status when it is "other"
 *      …        metadata when present: u16 length + compact JSON as {@link Json#MAPPER} writes it
 * </pre>
 *
 * <p>The layout carries every value the JSON carried, null included, so a record written by a tool
 * or a test with a broken invariant still reaches the topology's door check and becomes a dead
 * letter for the same reason as before. {@code costUsd} keeps its scale ({@code equals}, not just
 * {@code compareTo}). Metadata is read back with the mapper the JSON path uses, so its nodes are
 * those a JSON record gives. Strings must be valid UTF-16 and at most 65,535 UTF-8 bytes (the
 * gateway's limits are far below); {@link #encode} refuses anything else rather than alter it.
 *
 * <p>The gateway also writes this layout itself, straight from a request body
 * ({@code gateway.ingest.DirectEventReader}), so that an event is serialized once; a change here
 * must be made there too, and {@code DirectEventReaderTest} fails until the two give the same bytes.
 *
 * <p>{@link #decode} trusts nothing: every length is checked against the bytes that remain before
 * anything is allocated, unknown bits, versions and status codes, malformed UTF-8 and trailing bytes
 * are refused, always with an {@link IllegalArgumentException} naming the offset.
 */
public final class AcceptedEventCodec {

    /** The first byte of every binary record; JSON never starts with it. */
    public static final byte MAGIC = (byte) 0xA5;

    /** The version of this layout, the second byte. */
    public static final int FORMAT_VERSION = 2;

    public static final int BIT_TOTAL_TOKENS = 0;
    public static final int BIT_CACHE_READ_TOKENS = 1;
    public static final int BIT_CACHE_WRITE_TOKENS = 2;
    public static final int BIT_LATENCY_MS = 3;
    public static final int BIT_RETRY_COUNT = 4;
    public static final int BIT_SOURCE = 5;
    public static final int BIT_EXTERNAL_ID = 6;
    public static final int BIT_FEATURE = 7;
    public static final int BIT_TENANT_ID = 8;
    public static final int BIT_USER_ID = 9;
    public static final int BIT_AGENT_ID = 10;
    public static final int BIT_WORKFLOW_ID = 11;
    public static final int BIT_RUN_ID = 12;
    public static final int BIT_STEP_ID = 13;
    public static final int BIT_TOOL_NAME = 14;
    public static final int BIT_OUTCOME = 15;
    public static final int BIT_METADATA = 16;
    public static final int BIT_COST_USD = 17;
    public static final int BIT_WORKSPACE_ID = 18;
    public static final int BIT_RECEIVED_AT = 19;
    public static final int BIT_EVENT = 20;
    public static final int BIT_PROVIDER = 21;
    public static final int BIT_MODEL = 22;
    public static final int BIT_TS = 23;

    private static final int KNOWN_BITS = (1 << (BIT_TS + 1)) - 1;
    /** The bits that only an event has; all 0 when the record has no event. */
    private static final int EVENT_BITS = KNOWN_BITS & ~(1 << BIT_WORKSPACE_ID | 1 << BIT_RECEIVED_AT | 1 << BIT_EVENT);

    /** Offsets of the fixed part. */
    public static final int OFFSET_BITS = 2;

    public static final int OFFSET_SCHEMA_VERSION = 6;
    public static final int OFFSET_RECEIVED_AT = 10;
    public static final int OFFSET_TS = 22;
    public static final int OFFSET_PROMPT_TOKENS = 34;
    public static final int OFFSET_OUTPUT_TOKENS = 42;
    public static final int OFFSET_STATUS = 50;
    /** Where the variable part (optional counts, cost, strings, metadata) starts. */
    public static final int FIXED_SIZE = 51;

    static final int STATUS_ABSENT = 0;
    static final int STATUS_SUCCESS = 1;
    static final int STATUS_ERROR = 2;
    static final int STATUS_OTHER = 3;

    /** The longest string or metadata, in UTF-8 bytes, a u16 length can say. */
    public static final int MAX_BYTES = 0xFFFF;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    private AcceptedEventCodec() {}

    /**
     * The binary form of {@code value}.
     *
     * @throws IllegalArgumentException when a string holds invalid UTF-16 or a string or the
     *     metadata is longer than {@link #MAX_BYTES} in UTF-8
     */
    public static byte[] encode(AcceptedEvent value) {
        ProductEvent e = value.event();
        int bits = bits(value);
        byte[] metadata = e == null || e.metadata() == null ? null : Json.MAPPER.writeValueAsBytes(e.metadata());
        byte[] unscaled = e == null || e.costUsd() == null
                ? null
                : e.costUsd().unscaledValue().toByteArray();
        int status = e == null ? STATUS_ABSENT : statusCode(e.status());

        int size = FIXED_SIZE + 8 * Integer.bitCount(bits & 0x1F);
        if (unscaled != null) {
            checkLength("costUsd", unscaled.length);
            size += 6 + unscaled.length;
        }
        size += stringSize("workspaceId", value.workspaceId());
        if (e != null) {
            size += stringSize("provider", e.provider()) + stringSize("model", e.model());
            size += stringSize("source", e.source()) + stringSize("externalId", e.externalId());
            size += stringSize("feature", e.feature()) + stringSize("tenantId", e.tenantId());
            size += stringSize("userId", e.userId()) + stringSize("agentId", e.agentId());
            size += stringSize("workflowId", e.workflowId()) + stringSize("runId", e.runId());
            size += stringSize("stepId", e.stepId()) + stringSize("toolName", e.toolName());
            size += stringSize("outcome", e.outcome());
            if (status == STATUS_OTHER) {
                size += stringSize("status", e.status());
            }
        }
        if (metadata != null) {
            checkLength("metadata", metadata.length);
            size += 2 + metadata.length;
        }

        byte[] out = new byte[size];
        out[0] = MAGIC;
        out[1] = FORMAT_VERSION;
        INT.set(out, OFFSET_BITS, bits);
        INT.set(out, OFFSET_SCHEMA_VERSION, value.schemaVersion());
        putInstant(out, OFFSET_RECEIVED_AT, value.receivedAt());
        int at = FIXED_SIZE;
        if (e != null) {
            putInstant(out, OFFSET_TS, e.ts());
            LONG.set(out, OFFSET_PROMPT_TOKENS, e.promptTokens());
            LONG.set(out, OFFSET_OUTPUT_TOKENS, e.outputTokens());
            out[OFFSET_STATUS] = (byte) status;
            at = putCount(out, at, e.totalTokens());
            at = putCount(out, at, e.cacheReadTokens());
            at = putCount(out, at, e.cacheWriteTokens());
            at = putCount(out, at, e.latencyMs());
            at = putCount(out, at, e.retryCount());
            if (unscaled != null) {
                INT.set(out, at, e.costUsd().scale());
                SHORT.set(out, at + 4, (short) unscaled.length);
                System.arraycopy(unscaled, 0, out, at + 6, unscaled.length);
                at += 6 + unscaled.length;
            }
        }
        at = putString(out, at, value.workspaceId());
        if (e != null) {
            at = putString(out, at, e.provider());
            at = putString(out, at, e.model());
            at = putString(out, at, e.source());
            at = putString(out, at, e.externalId());
            at = putString(out, at, e.feature());
            at = putString(out, at, e.tenantId());
            at = putString(out, at, e.userId());
            at = putString(out, at, e.agentId());
            at = putString(out, at, e.workflowId());
            at = putString(out, at, e.runId());
            at = putString(out, at, e.stepId());
            at = putString(out, at, e.toolName());
            at = putString(out, at, e.outcome());
            if (status == STATUS_OTHER) {
                at = putString(out, at, e.status());
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

    /**
     * The event {@code bytes} hold.
     *
     * @throws IllegalArgumentException when they are not a complete, valid record of this layout
     *     (wrong magic, unknown version, truncated, trailing bytes, malformed values)
     */
    public static AcceptedEvent decode(byte[] bytes) {
        if (bytes.length < 2 || bytes[0] != MAGIC) {
            throw new IllegalArgumentException("not a binary accepted event: it does not start with 0xA5");
        }
        if (bytes[1] != FORMAT_VERSION) {
            throw new IllegalArgumentException("unknown accepted event format version " + (bytes[1] & 0xFF)
                    + " (this version reads " + FORMAT_VERSION + ")");
        }
        if (bytes.length < FIXED_SIZE) {
            throw truncated(bytes.length, FIXED_SIZE - bytes.length);
        }
        int bits = (int) INT.get(bytes, OFFSET_BITS);
        if ((bits & ~KNOWN_BITS) != 0) {
            throw new IllegalArgumentException("unknown presence bits " + Integer.toHexString(bits & ~KNOWN_BITS));
        }
        boolean hasEvent = has(bits, BIT_EVENT);
        if (!hasEvent && ((bits & EVENT_BITS) != 0 || !zero(bytes, OFFSET_TS, FIXED_SIZE))) {
            throw new IllegalArgumentException("event fields in a record without an event");
        }
        int schemaVersion = (int) INT.get(bytes, OFFSET_SCHEMA_VERSION);
        Instant receivedAt = instant(bytes, OFFSET_RECEIVED_AT, has(bits, BIT_RECEIVED_AT), "receivedAt");
        Cursor in = new Cursor(bytes, FIXED_SIZE);
        if (!hasEvent) {
            String workspaceId = in.recent(bits, BIT_WORKSPACE_ID, NAMES);
            in.end();
            return new AcceptedEvent(schemaVersion, workspaceId, receivedAt, null);
        }
        Instant ts = instant(bytes, OFFSET_TS, has(bits, BIT_TS), "ts");
        long promptTokens = (long) LONG.get(bytes, OFFSET_PROMPT_TOKENS);
        long outputTokens = (long) LONG.get(bytes, OFFSET_OUTPUT_TOKENS);
        int statusCode = bytes[OFFSET_STATUS];
        if (statusCode < STATUS_ABSENT || statusCode > STATUS_OTHER) {
            throw new IllegalArgumentException(
                    "unknown status code " + (statusCode & 0xFF) + " at offset " + OFFSET_STATUS);
        }
        Long totalTokens = in.count(bits, BIT_TOTAL_TOKENS);
        Long cacheReadTokens = in.count(bits, BIT_CACHE_READ_TOKENS);
        Long cacheWriteTokens = in.count(bits, BIT_CACHE_WRITE_TOKENS);
        Long latencyMs = in.count(bits, BIT_LATENCY_MS);
        Long retryCount = in.count(bits, BIT_RETRY_COUNT);
        BigDecimal costUsd = has(bits, BIT_COST_USD) ? in.decimal() : null;
        String workspaceId = in.recent(bits, BIT_WORKSPACE_ID, NAMES);
        String provider = in.recent(bits, BIT_PROVIDER, NAMES);
        String model = in.recent(bits, BIT_MODEL, NAMES);
        String source = in.recent(bits, BIT_SOURCE, NAMES);
        String externalId = in.string(bits, BIT_EXTERNAL_ID);
        String feature = in.recent(bits, BIT_FEATURE, NAMES);
        String tenantId = in.recent(bits, BIT_TENANT_ID, TENANTS);
        String userId = in.string(bits, BIT_USER_ID);
        String agentId = in.recent(bits, BIT_AGENT_ID, NAMES);
        String workflowId = in.recent(bits, BIT_WORKFLOW_ID, NAMES);
        String runId = in.string(bits, BIT_RUN_ID);
        String stepId = in.recent(bits, BIT_STEP_ID, NAMES);
        String toolName = in.recent(bits, BIT_TOOL_NAME, NAMES);
        String outcome = in.recent(bits, BIT_OUTCOME, NAMES);
        String status =
                switch (statusCode) {
                    case STATUS_SUCCESS -> ProductEvent.STATUS_SUCCESS;
                    case STATUS_ERROR -> ProductEvent.STATUS_ERROR;
                    case STATUS_OTHER -> in.recent(NAMES);
                    default -> null;
                };
        JsonNode metadata = has(bits, BIT_METADATA) ? in.json() : null;
        in.end();
        return new AcceptedEvent(
                schemaVersion,
                workspaceId,
                receivedAt,
                new ProductEvent(
                        provider,
                        model,
                        promptTokens,
                        outputTokens,
                        costUsd,
                        source,
                        externalId,
                        ts,
                        totalTokens,
                        cacheReadTokens,
                        cacheWriteTokens,
                        latencyMs,
                        status,
                        feature,
                        tenantId,
                        userId,
                        agentId,
                        workflowId,
                        runId,
                        stepId,
                        toolName,
                        retryCount,
                        outcome,
                        metadata));
    }

    private static int bits(AcceptedEvent value) {
        int bits = bit(value.workspaceId(), BIT_WORKSPACE_ID) | bit(value.receivedAt(), BIT_RECEIVED_AT);
        ProductEvent e = value.event();
        if (e == null) {
            return bits;
        }
        return bits
                | 1 << BIT_EVENT
                | bit(e.totalTokens(), BIT_TOTAL_TOKENS)
                | bit(e.cacheReadTokens(), BIT_CACHE_READ_TOKENS)
                | bit(e.cacheWriteTokens(), BIT_CACHE_WRITE_TOKENS)
                | bit(e.latencyMs(), BIT_LATENCY_MS)
                | bit(e.retryCount(), BIT_RETRY_COUNT)
                | bit(e.source(), BIT_SOURCE)
                | bit(e.externalId(), BIT_EXTERNAL_ID)
                | bit(e.feature(), BIT_FEATURE)
                | bit(e.tenantId(), BIT_TENANT_ID)
                | bit(e.userId(), BIT_USER_ID)
                | bit(e.agentId(), BIT_AGENT_ID)
                | bit(e.workflowId(), BIT_WORKFLOW_ID)
                | bit(e.runId(), BIT_RUN_ID)
                | bit(e.stepId(), BIT_STEP_ID)
                | bit(e.toolName(), BIT_TOOL_NAME)
                | bit(e.outcome(), BIT_OUTCOME)
                | bit(e.metadata(), BIT_METADATA)
                | bit(e.costUsd(), BIT_COST_USD)
                | bit(e.provider(), BIT_PROVIDER)
                | bit(e.model(), BIT_MODEL)
                | bit(e.ts(), BIT_TS);
    }

    private static int bit(Object value, int bit) {
        return value == null ? 0 : 1 << bit;
    }

    private static boolean has(int bits, int bit) {
        return (bits & 1 << bit) != 0;
    }

    private static int statusCode(String status) {
        if (status == null) {
            return STATUS_ABSENT;
        }
        return switch (status) {
            case ProductEvent.STATUS_SUCCESS -> STATUS_SUCCESS;
            case ProductEvent.STATUS_ERROR -> STATUS_ERROR;
                // The gateway accepts only the two above; a record from elsewhere keeps its text.
            default -> STATUS_OTHER;
        };
    }

    private static void putInstant(byte[] out, int at, Instant instant) {
        if (instant != null) {
            LONG.set(out, at, instant.getEpochSecond());
            INT.set(out, at + 8, instant.getNano());
        }
    }

    private static int putCount(byte[] out, int at, Long count) {
        if (count == null) {
            return at;
        }
        LONG.set(out, at, count.longValue());
        return at + 8;
    }

    private static void checkLength(String field, int length) {
        if (length > MAX_BYTES) {
            throw new IllegalArgumentException(
                    field + " is " + length + " bytes; the binary event format holds at most " + MAX_BYTES);
        }
    }

    /** 2 for the length plus the UTF-8 length of {@code s}; 0 when absent. */
    private static int stringSize(String field, String s) {
        if (s == null) {
            return 0;
        }
        int length = s.length();
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if (c < 0x800) {
                bytes += 1;
            } else if (!Character.isSurrogate(c)) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 2; // 4 bytes for the two chars of the pair
                i++;
            } else {
                throw new IllegalArgumentException(field + " holds an unpaired surrogate at index " + i);
            }
        }
        checkLength(field, bytes);
        return 2 + bytes;
    }

    /** Writes a string {@link #stringSize} has checked. */
    private static int putString(byte[] out, int at, String s) {
        return s == null ? at : writeString(out, at, s);
    }

    /**
     * Writes {@code s} at {@code at} as this format writes a string (a two-byte length, then its
     * UTF-8 bytes, every surrogate paired as validated strings are) and returns the next offset.
     * Public for the gateway's one-pass writer ({@code DirectEventReader}), so that both write a
     * string in one way.
     */
    public static int writeString(byte[] out, int at, String s) {
        int start = at + 2;
        int p = start;
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                out[p++] = (byte) c;
            } else if (c < 0x800) {
                out[p++] = (byte) (0xC0 | c >> 6);
                out[p++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                out[p++] = (byte) (0xE0 | c >> 12);
                out[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                out[p++] = (byte) (0x80 | c & 0x3F);
            } else {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                out[p++] = (byte) (0xF0 | cp >> 18);
                out[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                out[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                out[p++] = (byte) (0x80 | cp & 0x3F);
            }
        }
        SHORT.set(out, at, (short) (p - start));
        return p;
    }

    private static Instant instant(byte[] bytes, int at, boolean present, String field) {
        long seconds = (long) LONG.get(bytes, at);
        int nanos = (int) INT.get(bytes, at + 8);
        if (!present) {
            if (seconds != 0 || nanos != 0) {
                throw new IllegalArgumentException(field + " is absent but its slot at offset " + at + " is not 0");
            }
            return null;
        }
        if (nanos < 0 || nanos > 999_999_999) {
            throw new IllegalArgumentException(field + " has nanos " + nanos + " at offset " + (at + 8));
        }
        try {
            return Instant.ofEpochSecond(seconds, nanos);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(field + " is out of range at offset " + at, e);
        }
    }

    private static boolean zero(byte[] bytes, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static IllegalArgumentException truncated(int at, int missing) {
        return new IllegalArgumentException(
                "truncated binary accepted event: " + missing + " more bytes needed at offset " + at);
    }

    /**
     * Recent values of the fields that repeat, shared by every decoding thread. Names (workspace,
     * provider, model, source, feature, agent, workflow, step, tool, outcome, status) are few per
     * workspace. Tenants are many more, so they have slots of their own: in one table they evicted
     * the names. End users, runs and external ids are ids, nearly new each time: always decoded.
     */
    private static final RecentStrings NAMES = new RecentStrings(1024);

    private static final RecentStrings TENANTS = new RecentStrings(4096);

    /** Reads the variable part; every read checks the bytes that remain first. */
    private static final class Cursor {
        private final byte[] bytes;
        private int at;

        Cursor(byte[] bytes, int at) {
            this.bytes = bytes;
            this.at = at;
        }

        private void need(int n) {
            if (bytes.length - at < n) {
                throw truncated(at, n - (bytes.length - at));
            }
        }

        Long count(int bits, int bit) {
            if (!has(bits, bit)) {
                return null;
            }
            need(8);
            long value = (long) LONG.get(bytes, at);
            at += 8;
            return value;
        }

        BigDecimal decimal() {
            need(6);
            int scale = (int) INT.get(bytes, at);
            int n = u16(at + 4);
            if (n == 0) {
                throw new IllegalArgumentException("costUsd has no digits at offset " + (at + 4));
            }
            at += 6;
            need(n);
            BigInteger unscaled = new BigInteger(bytes, at, n);
            at += n;
            return new BigDecimal(unscaled, scale);
        }

        String string(int bits, int bit) {
            return has(bits, bit) ? string() : null;
        }

        /** A string that repeats across events (a name, not an id): {@code recent}'s instance when it has one. */
        String recent(int bits, int bit, RecentStrings recent) {
            return has(bits, bit) ? recent(recent) : null;
        }

        String recent(RecentStrings recent) {
            need(2);
            int n = u16(at);
            // A truncated string is left to string(), which says where it ends.
            String kept = bytes.length - at - 2 < n ? null : recent.find(bytes, at + 2, n);
            if (kept != null) {
                at += 2 + n;
                return kept;
            }
            String s = string();
            recent.keep(bytes, at - n, n, s);
            return s;
        }

        String string() {
            int start = at;
            int n = length();
            String s = new String(bytes, at, n, StandardCharsets.UTF_8);
            // The fast decoder replaces malformed input with U+FFFD; only then is it worth asking
            // a strict one whether the sender really wrote U+FFFD.
            if (s.indexOf('\uFFFD') >= 0) {
                try {
                    StandardCharsets.UTF_8
                            .newDecoder()
                            .onMalformedInput(CodingErrorAction.REPORT)
                            .onUnmappableCharacter(CodingErrorAction.REPORT)
                            .decode(ByteBuffer.wrap(bytes, at, n));
                } catch (CharacterCodingException e) {
                    throw new IllegalArgumentException("malformed UTF-8 in the string at offset " + start, e);
                }
            }
            at += n;
            return s;
        }

        JsonNode json() {
            int start = at;
            int n = length();
            JsonNode node;
            try {
                node = Json.MAPPER.readTree(bytes, at, n);
            } catch (JacksonException e) {
                throw new IllegalArgumentException(
                        "metadata at offset " + start + " is not JSON: " + e.getOriginalMessage(), e);
            }
            if (node == null || node.isMissingNode() || node.isNull()) {
                // encode never writes these: an absent metadata has no presence bit.
                throw new IllegalArgumentException("metadata at offset " + start + " is empty or null");
            }
            at += n;
            return node;
        }

        /** A u16 length whose bytes are all there; leaves the cursor on the first of them. */
        private int length() {
            need(2);
            int n = u16(at);
            at += 2;
            need(n);
            return n;
        }

        private int u16(int offset) {
            return Short.toUnsignedInt((short) SHORT.get(bytes, offset));
        }

        void end() {
            if (at != bytes.length) {
                throw new IllegalArgumentException(
                        (bytes.length - at) + " trailing bytes after the accepted event at offset " + at);
            }
        }
    }
}
