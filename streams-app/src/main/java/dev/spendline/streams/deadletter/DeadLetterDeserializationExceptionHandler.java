package dev.spendline.streams.deadletter;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;

/**
 * A record that cannot be read with its topic's schema (not JSON, a wrong type) is set aside as
 * a dead letter with reason {@code unreadable}, like {@link DeadLetterProcessingExceptionHandler}
 * does for a record a stage throws on.
 */
public final class DeadLetterDeserializationExceptionHandler extends LogAndContinueExceptionHandler {

    private DeadLetterSink sink;

    @Override
    public void configure(Map<String, ?> configs) {
        super.configure(configs);
        this.sink = DeadLetterSink.configured(configs);
    }

    @Override
    public Response handleError(
            ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        if (DeadLetters.TOPIC.equals(context.topic())) {
            sink.countOnly(context.topic(), DeadLetters.REASON_UNREADABLE, exception);
            return Response.resume();
        }
        Response built = super.handleError(context, record, exception);
        return Response.resume(sink.route(
                context, record.key(), built.deadLetterQueueRecords(), DeadLetters.REASON_UNREADABLE, exception));
    }
}
