package dev.spendline.contracts.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.json.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** The binary event format: exact layout, round trips, and clean failures on any bad input. */
class AcceptedEventCodecTest {

    static final Instant RECEIVED_AT = Instant.parse("2026-11-22T10:00:00.123456789Z");

    static ProductEvent full() {
        return ProductEvents.with(ProductEvents.full(), "status", ProductEvent.STATUS_ERROR);
    }

    static ProductEvent minimal() {
        return ProductEvents.minimal(RECEIVED_AT);
    }

    static AcceptedEvent accepted(ProductEvent event) {
        return AcceptedEvent.of("ws-1", RECEIVED_AT, event);
    }

    static Stream<AcceptedEvent> fixed() {
        return Stream.of(
                accepted(full()),
                accepted(minimal()),
                new AcceptedEvent(7, "ws-1", RECEIVED_AT, minimal()),
                new AcceptedEvent(1, null, null, null),
                new AcceptedEvent(1, "ws-1", RECEIVED_AT, null),
                new AcceptedEvent(
                        1,
                        "ws-1",
                        RECEIVED_AT,
                        new ProductEvent(
                                null,
                                null,
                                -5,
                                Long.MIN_VALUE,
                                null,
                                null,
                                null,
                                null,
                                Long.MAX_VALUE,
                                -1L,
                                null,
                                null,
                                "pending",
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null)));
    }

    @Test
    void writesTheFixedPartAtItsOffsets() {
        byte[] bytes = AcceptedEventCodec.encode(accepted(full()));
        ByteBuffer b = ByteBuffer.wrap(bytes);
        assertThat(b.get(0)).isEqualTo((byte) 0xA5);
        assertThat(b.get(1)).isEqualTo((byte) 2);
        assertThat(b.getInt(AcceptedEventCodec.OFFSET_BITS)).isEqualTo(0x00FF_FFFF);
        assertThat(b.getInt(AcceptedEventCodec.OFFSET_SCHEMA_VERSION)).isEqualTo(1);
        assertThat(b.getLong(AcceptedEventCodec.OFFSET_RECEIVED_AT)).isEqualTo(RECEIVED_AT.getEpochSecond());
        assertThat(b.getInt(AcceptedEventCodec.OFFSET_RECEIVED_AT + 8)).isEqualTo(123_456_789);
        assertThat(b.getLong(AcceptedEventCodec.OFFSET_TS))
                .isEqualTo(Instant.parse("2026-11-22T09:59:58Z").getEpochSecond());
        assertThat(b.getInt(AcceptedEventCodec.OFFSET_TS + 8)).isEqualTo(250_000_000);
        assertThat(b.getLong(AcceptedEventCodec.OFFSET_PROMPT_TOKENS)).isEqualTo(1200);
        assertThat(b.getLong(AcceptedEventCodec.OFFSET_OUTPUT_TOKENS)).isEqualTo(300);
        assertThat(b.get(AcceptedEventCodec.OFFSET_STATUS)).isEqualTo((byte) 2);
        // the five optional counts, in bit order, then the cost: scale 6, one byte of 15
        b.position(AcceptedEventCodec.FIXED_SIZE);
        assertThat(new long[] {b.getLong(), b.getLong(), b.getLong(), b.getLong(), b.getLong()})
                .containsExactly(1500, 800, 100, 1830, 2);
        assertThat(b.getInt()).isEqualTo(6);
        assertThat(b.getShort()).isEqualTo((short) 1);
        assertThat(b.get()).isEqualTo((byte) 15);
        assertThat(b.getShort()).isEqualTo((short) 4);
        assertThat(new String(bytes, b.position(), 4, StandardCharsets.UTF_8)).isEqualTo("ws-1");
    }

    @Test
    void writesTheMinimalEventIn85Bytes() {
        // 51 fixed + cost (4 + 2 + 1) + "ws-1" (2 + 4) + "openai" (2 + 6) + "gpt-4o-mini" (2 + 11)
        assertThat(AcceptedEventCodec.encode(accepted(minimal()))).hasSize(85);
    }

    @ParameterizedTest
    @MethodSource("fixed")
    void roundTripsEveryValueTheRecordCanHold(AcceptedEvent event) {
        assertThat(AcceptedEventCodec.decode(AcceptedEventCodec.encode(event))).isEqualTo(event);
    }

    @Test
    void roundTripsTwoThousandFiveHundredSeededEvents() {
        Random random = new Random(29);
        for (int i = 0; i < 2_500; i++) {
            AcceptedEvent event = RandomEvents.next(random);
            byte[] bytes = AcceptedEventCodec.encode(event);
            AcceptedEvent back = AcceptedEventCodec.decode(bytes);
            assertThat(back).as("case %d", i).isEqualTo(event);
            if (event.event() != null && event.event().costUsd() != null) {
                assertThat(back.event().costUsd().scale())
                        .isEqualTo(event.event().costUsd().scale());
            }
        }
    }

    @Test
    void keepsTheScaleOfEveryCost() {
        for (String cost : List.of(
                "0",
                "0E-20",
                "1E-20",
                "1E+5",
                "0E+1000",
                "100000.00000000000000000000",
                "-3.50",
                "99999.99999999999999999999",
                "123456789012345678901234567890.123")) {
            BigDecimal back = AcceptedEventCodec.decode(AcceptedEventCodec.encode(accepted(withCost(cost))))
                    .event()
                    .costUsd();
            assertThat(back.toString()).isEqualTo(new BigDecimal(cost).toString());
        }
    }

    @Test
    void roundTripsStringsOfTheLongestLength() {
        String longest = "é".repeat(AcceptedEventCodec.MAX_BYTES / 2) + "x"; // 65,535 UTF-8 bytes
        AcceptedEvent event = new AcceptedEvent(1, longest, RECEIVED_AT, minimal());
        assertThat(AcceptedEventCodec.decode(AcceptedEventCodec.encode(event))).isEqualTo(event);
        String emoji = "\uD83D\uDE80".repeat(AcceptedEventCodec.MAX_BYTES / 4); // 65,532 bytes
        AcceptedEvent emojiEvent = new AcceptedEvent(1, emoji, RECEIVED_AT, minimal());
        assertThat(AcceptedEventCodec.decode(AcceptedEventCodec.encode(emojiEvent)))
                .isEqualTo(emojiEvent);
    }

    @Test
    void refusesToEncodeWhatItCannotKeep() {
        String tooLong = "x".repeat(AcceptedEventCodec.MAX_BYTES + 1);
        assertThatThrownBy(() -> AcceptedEventCodec.encode(new AcceptedEvent(1, tooLong, RECEIVED_AT, minimal())))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspaceId is 65536 bytes; the binary event format holds at most 65535");
        assertThatThrownBy(() -> AcceptedEventCodec.encode(new AcceptedEvent(1, "ws\uD800-1", RECEIVED_AT, minimal())))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("workspaceId holds an unpaired surrogate at index 2");
    }

    @Test
    void failsCleanlyWhenTruncatedAtAnyByte() {
        for (AcceptedEvent event : fixed().toList()) {
            byte[] bytes = AcceptedEventCodec.encode(event);
            for (int length = 0; length < bytes.length; length++) {
                byte[] prefix = Arrays.copyOf(bytes, length);
                assertThatThrownBy(() -> AcceptedEventCodec.decode(prefix))
                        .as("%d of %d bytes", length, bytes.length)
                        .isExactlyInstanceOf(IllegalArgumentException.class);
            }
        }
        byte[] minimal = AcceptedEventCodec.encode(accepted(minimal()));
        assertThatThrownBy(() -> AcceptedEventCodec.decode(Arrays.copyOf(minimal, 84)))
                .hasMessage("truncated binary accepted event: 1 more bytes needed at offset 74");
    }

    @Test
    void refusesAnUnknownVersion() {
        byte[] bytes = AcceptedEventCodec.encode(accepted(full()));
        bytes[1] = 3;
        assertThatThrownBy(() -> AcceptedEventCodec.decode(bytes))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown accepted event format version 3 (this version reads 2)");
    }

    @Test
    void refusesJsonAndEmptyInput() {
        assertThatThrownBy(() -> AcceptedEventCodec.decode("{\"schemaVersion\":1}".getBytes(StandardCharsets.UTF_8)))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a binary accepted event: it does not start with 0xA5");
        assertThatThrownBy(() -> AcceptedEventCodec.decode(new byte[0]))
                .isExactlyInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void refusesTrailingBytesUnknownBitsAndStatusCodes() {
        byte[] bytes = AcceptedEventCodec.encode(accepted(minimal()));
        assertThatThrownBy(() -> AcceptedEventCodec.decode(Arrays.copyOf(bytes, bytes.length + 1)))
                .hasMessage("1 trailing bytes after the accepted event at offset 85");
        byte[] unknownBit = bytes.clone();
        unknownBit[2] = 0x01;
        assertThatThrownBy(() -> AcceptedEventCodec.decode(unknownBit)).hasMessage("unknown presence bits 1000000");
        byte[] status = bytes.clone();
        status[AcceptedEventCodec.OFFSET_STATUS] = 4;
        assertThatThrownBy(() -> AcceptedEventCodec.decode(status)).hasMessage("unknown status code 4 at offset 50");
        byte[] nanos = bytes.clone();
        nanos[AcceptedEventCodec.OFFSET_TS + 8] = 0x7F;
        assertThatThrownBy(() -> AcceptedEventCodec.decode(nanos)).hasMessageStartingWith("ts has nanos");
    }

    @Test
    void refusesMalformedUtf8ButKeepsARealReplacementCharacter() {
        AcceptedEvent replacement = new AcceptedEvent(1, "ws-\uFFFD", RECEIVED_AT, minimal());
        assertThat(AcceptedEventCodec.decode(AcceptedEventCodec.encode(replacement)))
                .isEqualTo(replacement);
        byte[] bytes = AcceptedEventCodec.encode(new AcceptedEvent(1, "ws-é", RECEIVED_AT, minimal()));
        int e = indexOf(bytes, (byte) 0xC3);
        bytes[e + 1] = (byte) 'x'; // a lead byte without its continuation
        assertThatThrownBy(() -> AcceptedEventCodec.decode(bytes))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("malformed UTF-8 in the string at offset 58");
    }

    @Test
    void namesThatRepeatDecodeToOneInstanceAndIdsToNewOnes() {
        byte[] bytes = AcceptedEventCodec.encode(accepted(full()));
        AcceptedEvent first = AcceptedEventCodec.decode(bytes);
        AcceptedEvent second = AcceptedEventCodec.decode(bytes.clone());

        assertThat(second).isEqualTo(first);
        assertThat(second.workspaceId()).isSameAs(first.workspaceId());
        assertThat(second.event().model()).isSameAs(first.event().model());
        assertThat(second.event().feature()).isSameAs(first.event().feature());
        assertThat(second.event().tenantId()).isSameAs(first.event().tenantId());
        assertThat(second.event().stepId()).isSameAs(first.event().stepId());
        assertThat(second.event().externalId()).isNotSameAs(first.event().externalId());
        assertThat(second.event().runId()).isNotSameAs(first.event().runId());
    }

    @Test
    void aMalformedNameIsRefusedAfterItsWellFormedTwinWasDecoded() {
        byte[] good = AcceptedEventCodec.encode(new AcceptedEvent(1, "ws-é", RECEIVED_AT, minimal()));
        assertThat(AcceptedEventCodec.decode(good).workspaceId()).isEqualTo("ws-é");
        byte[] bad = good.clone();
        bad[indexOf(bad, (byte) 0xC3) + 1] = (byte) 'x';
        assertThatThrownBy(() -> AcceptedEventCodec.decode(bad))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("malformed UTF-8");
        assertThat(AcceptedEventCodec.decode(good).workspaceId()).isEqualTo("ws-é");
    }

    @Test
    void refusesMetadataThatIsNotJson() {
        byte[] bytes = AcceptedEventCodec.encode(accepted(withMetadata("{\"a\":1}")));
        bytes[bytes.length - 1] = ']';
        assertThatThrownBy(() -> AcceptedEventCodec.decode(bytes))
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("metadata at offset");
    }

    /** Random bytes behind a valid header either decode or fail with the one exception, never loop. */
    @Test
    void garbageFailsWithIllegalArgumentExceptionOnly() {
        Random random = new Random(2029);
        byte[] valid = AcceptedEventCodec.encode(accepted(full()));
        int decoded = 0;
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes;
            if (i % 2 == 0) {
                bytes = new byte[random.nextInt(200)];
                random.nextBytes(bytes);
                if (bytes.length > 1) {
                    bytes[0] = AcceptedEventCodec.MAGIC;
                    bytes[1] = AcceptedEventCodec.FORMAT_VERSION;
                }
            } else {
                bytes = valid.clone();
                bytes[2 + random.nextInt(bytes.length - 2)] = (byte) random.nextInt(256);
            }
            try {
                AcceptedEventCodec.decode(bytes);
                decoded++;
            } catch (IllegalArgumentException expected) {
                assertThat(expected.getMessage()).isNotBlank();
            }
        }
        assertThat(decoded).isBetween(1, 19_999);
    }

    private static int indexOf(byte[] bytes, byte b) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        throw new AssertionError("no " + b);
    }

    static ProductEvent withCost(String cost) {
        return ProductEvents.with(minimal(), "costUsd", new BigDecimal(cost));
    }

    static ProductEvent withMetadata(String json) {
        return ProductEvents.with(minimal(), "metadata", json);
    }

    /** A seeded generator of events over the whole range of every field. */
    static final class RandomEvents {

        private static final String[] ALPHABETS = {
            "abcdefghijklmnopqrstuvwxyz0123456789-_/.:",
            "äöüßéèêñçøåÆŒ€£¥©",
            "日本語中文한국어漢字",
            "\uD83D\uDE80\uD83E\uDD16\uD83D\uDC69\u200D\uD83D\uDCBB\uD83C\uDF89",
            " \t\n\"\\{}[]\u0000\u007F\uFFFD",
        };

        static AcceptedEvent next(Random r) {
            int version = r.nextInt(20) == 0 ? r.nextInt() : AcceptedEvent.SCHEMA_VERSION;
            if (r.nextInt(100) == 0) {
                return new AcceptedEvent(version, maybe(r, string(r, 64)), maybe(r, instant(r)), null);
            }
            return new AcceptedEvent(version, string(r, 64), instant(r), event(r));
        }

        static ProductEvent event(Random r) {
            boolean rare = r.nextInt(50) == 0; // the fields the gateway always sets, absent
            return new ProductEvent(
                    rare ? maybe(r, string(r, 128)) : string(r, 128),
                    rare ? maybe(r, string(r, 128)) : string(r, 128),
                    count(r),
                    count(r),
                    rare ? maybe(r, cost(r)) : cost(r),
                    maybe(r, string(r, 128)),
                    maybe(r, string(r, 256)),
                    rare ? maybe(r, instant(r)) : instant(r),
                    maybe(r, count(r)),
                    maybe(r, count(r)),
                    maybe(r, count(r)),
                    maybe(r, count(r)),
                    maybe(
                            r,
                            switch (r.nextInt(3)) {
                                case 0 -> ProductEvent.STATUS_SUCCESS;
                                case 1 -> ProductEvent.STATUS_ERROR;
                                default -> string(r, 16);
                            }),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, string(r, 256)),
                    maybe(r, count(r)),
                    maybe(r, string(r, 128)),
                    maybe(r, metadata(r)));
        }

        static <T> T maybe(Random r, T value) {
            return r.nextBoolean() ? value : null;
        }

        /** Up to {@code max} chars (sometimes exactly {@code max}), never an unpaired surrogate. */
        static String string(Random r, int max) {
            int length = r.nextInt(10) == 0 ? max : r.nextInt(max + 1);
            StringBuilder s = new StringBuilder(length + 1);
            while (s.length() < length) {
                String alphabet = ALPHABETS[r.nextInt(ALPHABETS.length)];
                int i = r.nextInt(alphabet.length());
                char c = alphabet.charAt(i);
                if (Character.isHighSurrogate(c)) {
                    s.append(c).append(alphabet.charAt(i + 1));
                } else if (!Character.isLowSurrogate(c)) {
                    s.append(c);
                }
            }
            return s.toString();
        }

        static long count(Random r) {
            return switch (r.nextInt(6)) {
                case 0 -> 0;
                case 1 -> 1_000_000_000L;
                case 2 -> r.nextLong();
                case 3 -> r.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
                default -> r.nextInt(1_000_000);
            };
        }

        static BigDecimal cost(Random r) {
            BigInteger unscaled = new BigInteger(r.nextInt(120) + 1, r);
            if (r.nextInt(10) == 0) {
                unscaled = unscaled.negate();
            }
            int scale = r.nextInt(20) == 0 ? r.nextInt() : r.nextInt(26) - 5;
            return new BigDecimal(unscaled, scale);
        }

        static Instant instant(Random r) {
            long seconds = r.nextInt(10) == 0
                    ? r.nextLong(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond())
                    : 1_420_070_400L + r.nextInt(400_000_000);
            return Instant.ofEpochSecond(seconds, r.nextBoolean() ? 0 : r.nextInt(1_000_000_000));
        }

        /** Metadata as a reader of the topic sees it: parsed by {@link Json#MAPPER}. */
        static JsonNode metadata(Random r) {
            StringBuilder json = new StringBuilder();
            object(r, json, 1);
            return Json.MAPPER.readTree(json.toString());
        }

        private static void object(Random r, StringBuilder json, int depth) {
            json.append('{');
            int entries = r.nextInt(depth == 1 ? 8 : 4);
            for (int i = 0; i < entries; i++) {
                if (i > 0) {
                    json.append(',');
                }
                quoted(json, "k" + i + string(r, 8));
                json.append(':');
                value(r, json, depth);
            }
            json.append('}');
        }

        private static void value(Random r, StringBuilder json, int depth) {
            switch (depth >= 4 ? r.nextInt(5) : r.nextInt(7)) {
                case 0 -> json.append(r.nextLong());
                case 1 -> json.append(new BigDecimal(BigInteger.valueOf(r.nextLong()), r.nextInt(12)));
                case 2 -> quoted(json, string(r, 40));
                case 3 -> json.append(r.nextBoolean());
                case 4 -> json.append("null");
                case 5 -> object(r, json, depth + 1);
                default -> {
                    json.append('[');
                    int n = r.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        if (i > 0) {
                            json.append(',');
                        }
                        value(r, json, depth + 1);
                    }
                    json.append(']');
                }
            }
        }

        private static void quoted(StringBuilder json, String s) {
            json.append(Json.MAPPER.writeValueAsString(s));
        }
    }
}
