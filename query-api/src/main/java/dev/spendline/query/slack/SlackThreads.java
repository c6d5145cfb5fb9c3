package dev.spendline.query.slack;

import com.slack.api.bolt.context.builtin.EventContext;
import com.slack.api.model.Message;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follow-ups in a Slack thread: each answer is posted with message metadata holding its Ask context
 * ({@code event_type} {@value #EVENT_TYPE}), and a mention later in the thread reads the thread
 * ({@code conversations.replies} with metadata) for the last such answer. Nothing is stored on
 * Spendline's side, so any instance answers any thread. Reading a thread needs the
 * {@code *:history} scopes; an installation from before them, or a thread that cannot be read, gets
 * the question answered as one of its own.
 */
final class SlackThreads {

    static final String EVENT_TYPE = "spendline_answer";

    private static final Logger log = LoggerFactory.getLogger(SlackThreads.class);

    private SlackThreads() {}

    /** The metadata of an answer with this context; null (no metadata) without one. */
    static Message.Metadata metadata(String context) {
        return context == null
                ? null
                : Message.Metadata.builder()
                        .eventType(EVENT_TYPE)
                        .eventPayload(Map.of("context", context))
                        .build();
    }

    /** The context of the thread's last answer by this app; null when there is none or it cannot be read. */
    static String lastContext(EventContext context, String channel, String threadTs) {
        try {
            var replies = context.client()
                    .conversationsReplies(r -> r.channel(channel).ts(threadTs).includeAllMetadata(true));
            if (!replies.isOk()) {
                log.info("Slack thread not read ({}); the question is answered as one of its own", replies.getError());
                return null;
            }
            List<Message> messages = replies.getMessages() == null ? List.of() : replies.getMessages();
            for (int i = messages.size() - 1; i >= 0; i--) {
                Message message = messages.get(i);
                Message.Metadata metadata = message.getMetadata();
                boolean ours = context.getBotId() == null || context.getBotId().equals(message.getBotId());
                if (ours
                        && metadata != null
                        && EVENT_TYPE.equals(metadata.getEventType())
                        && metadata.getEventPayload() != null
                        && metadata.getEventPayload().get("context") instanceof String token) {
                    return token;
                }
            }
            return null;
        } catch (Exception e) {
            log.info("Slack thread not read ({}); the question is answered as one of its own", e.toString());
            return null;
        }
    }
}
