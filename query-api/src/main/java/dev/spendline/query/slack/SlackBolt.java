package dev.spendline.query.slack;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import com.slack.api.Slack;
import com.slack.api.bolt.App;
import com.slack.api.bolt.AppConfig;
import com.slack.api.bolt.context.builtin.EventContext;
import com.slack.api.bolt.request.RequestType;
import com.slack.api.bolt.response.Response;
import com.slack.api.model.event.AppMentionEvent;
import com.slack.api.model.event.AppUninstalledEvent;
import com.slack.api.model.event.TokensRevokedEvent;
import dev.spendline.ask.Asker;
import dev.spendline.controlplane.slack.SlackInstallationRepository;
import dev.spendline.query.dashboard.PublicAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Bolt app: Bolt verifies every request (signing secret, v0 signature, five-minute window,
 * constant-time compare) and finds the team's bot in {@link SlackInstallations}; then the slash
 * command is acknowledged at once and answered through its {@code response_url}, a mention is answered
 * with {@code chat.postMessage} in its thread, and {@code app_uninstalled} / {@code tokens_revoked}
 * remove the binding. An event Slack retries ({@code X-Slack-Retry-Num}) is handled once, by event id.
 */
final class SlackBolt {

    /** Slack retries an event three times within about an hour at most; ids are kept that long. */
    static final Duration RETRY_HORIZON = Duration.ofHours(1);

    private static final Logger log = LoggerFactory.getLogger(SlackBolt.class);

    private final App app;

    SlackBolt(
            SlackProperties properties,
            Slack slack,
            SlackInstallations installations,
            SlackInstallationRepository repository,
            Asker asker,
            PublicAddress publicAddress,
            SlackAnswers answers) {
        AppConfig config = AppConfig.builder()
                .signingSecret(properties.signingSecret())
                .clientId(properties.clientId())
                .clientSecret(properties.clientSecret())
                .scope(SlackProperties.SCOPES)
                .slack(slack)
                .build();
        app = new App(config).service(installations);
        ExecutorService answering = app.executorService();
        // After Bolt's own middleware (verification first), so an unsigned request never marks an event id.
        app.use((request, response, chain) -> {
            if (request.getRequestType() == RequestType.Event) {
                JsonElement id = JsonParser.parseString(request.getRequestBodyAsString())
                        .getAsJsonObject()
                        .get("event_id");
                if (id != null && !id.isJsonNull() && !repository.firstDelivery(id.getAsString(), RETRY_HORIZON)) {
                    return Response.ok();
                }
            }
            return chain.next(request);
        });
        SlackQuestions questions = new SlackQuestions(properties.command(), asker, answers, installations);
        app.command(properties.command(), (request, context) -> {
            String question = request.getPayload().getText();
            String teamId = context.getTeamId();
            // The base URL is read here, on the request's thread; the answer is made on another.
            String baseUrl = publicAddress.baseUrlOrRequest();
            answering.submit(() -> send(
                    "response_url",
                    teamId,
                    message -> context.respond(r -> r.responseType("in_channel")
                                    .text(message.text())
                                    .blocks(message.blocks()))
                            .getCode(),
                    questions.answer(teamId, question, baseUrl)));
            return context.ack();
        });
        app.event(AppMentionEvent.class, (payload, context) -> {
            AppMentionEvent event = payload.getEvent();
            String thread = event.getThreadTs() != null ? event.getThreadTs() : event.getTs();
            String question = SlackQuestions.withoutMentions(event.getText());
            String teamId = context.getTeamId();
            String baseUrl = publicAddress.baseUrlOrRequest();
            answering.submit(() -> send(
                    "chat.postMessage",
                    teamId,
                    message -> postInThread(context, event.getChannel(), thread, message),
                    // In a thread, the question follows up the thread's last answer (docs/slack.md).
                    questions.answer(
                            teamId,
                            question,
                            baseUrl,
                            () -> event.getThreadTs() == null
                                    ? null
                                    : SlackThreads.lastContext(context, event.getChannel(), event.getThreadTs()))));
            return context.ack();
        });
        app.event(AppUninstalledEvent.class, (payload, context) -> {
            repository.deleteTeam(payload.getTeamId());
            log.info("Slack team {} uninstalled the app; its binding is removed", payload.getTeamId());
            return context.ack();
        });
        app.event(TokensRevokedEvent.class, (payload, context) -> {
            var tokens = payload.getEvent().getTokens();
            if (tokens != null && tokens.getBot() != null && !tokens.getBot().isEmpty()) {
                repository.deleteTeam(payload.getTeamId());
                log.info("Slack team {} revoked the bot token; its binding is removed", payload.getTeamId());
            }
            return context.ack();
        });
        app.start();
    }

    App app() {
        return app;
    }

    void stop() throws Exception {
        app.stop();
    }

    /** A way to send a message; returns the HTTP status or 200 for an ok Web API answer. */
    private interface Sender {
        Integer send(SlackAnswers.Message message) throws Exception;
    }

    private static Integer postInThread(
            EventContext context, String channel, String thread, SlackAnswers.Message message) throws Exception {
        var response = context.client().chatPostMessage(r -> r.channel(channel)
                .threadTs(thread)
                .text(message.text())
                .blocks(message.blocks())
                .metadata(SlackThreads.metadata(message.context())));
        if (!response.isOk()) {
            throw new IllegalStateException("chat.postMessage: " + response.getError());
        }
        return 200;
    }

    private static void send(
            String how, String teamId, Sender sender, java.util.function.Supplier<SlackAnswers.Message> answer) {
        try {
            Integer status = sender.send(answer.get());
            if (status == null || status / 100 != 2) {
                log.warn("Slack answer to team {} through {} was refused with status {}", teamId, how, status);
            }
        } catch (Exception e) {
            log.warn("Slack answer to team {} through {} failed: {}", teamId, how, e.toString());
        }
    }
}
