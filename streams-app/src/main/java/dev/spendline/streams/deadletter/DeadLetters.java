package dev.spendline.streams.deadletter;

import dev.spendline.topics.Topics;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * What a record on {@code spendline.dead-letters.v1} carries besides the original key, value and
 * headers: Kafka Streams' own {@code __streams.errors.*} headers (KIP-1034: exception, message,
 * stack trace, source topic, partition, offset) and Spendline's reason and workspace.
 */
public final class DeadLetters {

    /** The dead-letter topic's name, for the Kafka Streams configuration. */
    public static final String TOPIC = Topics.DEAD_LETTERS.name();

    /** Prefix of the headers Kafka Streams adds to a dead letter ({@code ExceptionHandlerUtils}). */
    public static final String STREAMS_HEADER_PREFIX = "__streams.errors.";

    public static final String HEADER_EXCEPTION = STREAMS_HEADER_PREFIX + "exception";
    public static final String HEADER_MESSAGE = STREAMS_HEADER_PREFIX + "message";
    public static final String HEADER_TOPIC = STREAMS_HEADER_PREFIX + "topic";
    public static final String HEADER_PARTITION = STREAMS_HEADER_PREFIX + "partition";
    public static final String HEADER_OFFSET = STREAMS_HEADER_PREFIX + "offset";

    /** Prefix of Spendline's own dead-letter headers. */
    public static final String SPENDLINE_HEADER_PREFIX = "spendline.dead-letter.";

    /** Why the record was set aside: one of the {@code REASON_*} values. */
    public static final String HEADER_REASON = SPENDLINE_HEADER_PREFIX + "reason";

    /** The workspace the record belongs to, read from its key; absent when the key names none. */
    public static final String HEADER_WORKSPACE = SPENDLINE_HEADER_PREFIX + "workspace";

    /** The record breaks an invariant the gateway guarantees ({@code InvalidRecordException}). */
    public static final String REASON_INVALID = "invalid";

    /** The record could not be read with the topic's schema (not JSON, wrong types...). */
    public static final String REASON_UNREADABLE = "unreadable";

    /** A stage failed on the record: a bug of ours, which a fix and a re-drive repair. */
    public static final String REASON_FAILED = "failed";

    private DeadLetters() {}

    /**
     * The workspace id a record key names: the whole key for events and usage rows, the part before
     * the first {@code \0} for the settings topics' longer keys ({@code Budget.key}...); null when
     * the key is missing or empty.
     */
    public static String workspaceOf(byte[] key) {
        if (key == null || key.length == 0) {
            return null;
        }
        String text = new String(key, StandardCharsets.UTF_8);
        int separator = text.indexOf('\u0000');
        String workspace = separator < 0 ? text : text.substring(0, separator);
        return workspace.isBlank() ? null : workspace;
    }

    /** The last value of a header as text, or null. */
    public static String header(Headers headers, String name) {
        Header header = headers == null ? null : headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    /** Whether a header is one the dead-letter queue added (and a re-drive removes). */
    public static boolean isDeadLetterHeader(String name) {
        return name.startsWith(STREAMS_HEADER_PREFIX) || name.startsWith(SPENDLINE_HEADER_PREFIX);
    }
}
