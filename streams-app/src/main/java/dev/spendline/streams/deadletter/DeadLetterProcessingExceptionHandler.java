package dev.spendline.streams.deadletter;

import dev.spendline.streams.door.InvalidRecordException;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.LogAndContinueProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A record a stage throws on is set aside, never fatal: Kafka Streams' own log-and-continue
 * handler builds the dead letter (with {@code errors.dead.letter.queue.topic.name} set it copies
 * the source record's raw key, value and headers and adds the {@code __streams.errors.*}
 * headers), and Kafka Streams sends it with the task's producer, so under exactly-once the dead
 * letter and the skip commit in one transaction. {@link DeadLetterSink} routes and counts it.
 *
 * <p>A failure on the dead-letter topic itself (the count) or in a punctuation has no record to
 * re-drive: it is counted and skipped, never dead-lettered (which could loop).
 */
public final class DeadLetterProcessingExceptionHandler extends LogAndContinueProcessingExceptionHandler {

    private DeadLetterSink sink;

    @Override
    public void configure(Map<String, ?> configs) {
        super.configure(configs);
        this.sink = DeadLetterSink.configured(configs);
    }

    @Override
    public Response handleError(ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
        String reason =
                exception instanceof InvalidRecordException ? DeadLetters.REASON_INVALID : DeadLetters.REASON_FAILED;
        if (context.topic() == null || DeadLetters.TOPIC.equals(context.topic())) {
            sink.countOnly(context.topic(), reason, exception);
            return Response.resume();
        }
        Response built = super.handleError(context, record, exception);
        return Response.resume(
                sink.route(context, context.sourceRawKey(), built.deadLetterQueueRecords(), reason, exception));
    }
}
