package dev.spendline.query.slack;

import com.slack.api.Slack;
import com.slack.api.methods.SlackApiException;
import com.slack.api.methods.SlackApiTextResponse;
import dev.spendline.contracts.alert.Alert;
import dev.spendline.contracts.alert.AlertStatus;
import dev.spendline.controlplane.slack.SlackAlertChannel;
import dev.spendline.controlplane.slack.SlackAlertRepository;
import dev.spendline.controlplane.slack.SlackAlertRepository.PostedMessage;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings one alert's latest state to its workspace's Slack: the first change the channel wants is
 * posted ({@code chat.postMessage}) and the message remembered; every later change (escalated,
 * resolved) updates that message ({@code chat.update}, same channel and {@code ts}). A message whose
 * alert changes after the channel setting changed is still updated, so it never shows a stale state.
 *
 * <p>Slack's answers: HTTP 429 waits for its {@code Retry-After}; 5xx, Slack's own
 * {@code internal_error}-like answers and connection failures are retried with exponential backoff
 * for at most {@link Retry#giveUpAfter}; any other error ({@code not_in_channel},
 * {@code channel_not_found}, {@code invalid_auth}, …) is not retried: it is recorded on the channel
 * setting, where settings show it, and the alert is left. Runs on the workspace's own worker, so a
 * slow Slack only delays this workspace.
 */
final class SlackAlertPoster {

    private static final Logger log = LoggerFactory.getLogger(SlackAlertPoster.class);

    /** Errors Slack answers with HTTP 200 that are worth another try. */
    private static final Set<String> TRANSIENT =
            Set.of("internal_error", "fatal_error", "service_unavailable", "request_timeout", "ratelimited");

    /** An update whose message is gone (deleted in Slack) posts a new one instead. */
    private static final Set<String> MESSAGE_GONE = Set.of("message_not_found", "cant_update_message");

    /** Alert messages by what Slack answered in the end. */
    static final String MESSAGES = "spendline.slack.alert.messages";

    /** The error recorded when Slack could not be reached within the retry bound. */
    static final String UNAVAILABLE = "slack_unavailable";

    /**
     * @param firstBackoff the wait after the first failure, doubled each time up to {@code maxBackoff}
     * @param giveUpAfter how long one alert is retried before it is given up and recorded as
     *     {@link #UNAVAILABLE}
     */
    record Retry(Duration firstBackoff, Duration maxBackoff, Duration giveUpAfter) {}

    /** How the worker waits between tries; tests wait no real time. */
    interface Sleeper {
        void sleep(Duration duration) throws InterruptedException;
    }

    private final Slack slack;
    private final SlackInstallations installations;
    private final SlackAlertRepository repository;
    private final SlackAlertMessages messages;
    private final String baseUrl;
    private final Retry retry;
    private final Sleeper sleeper;
    private final MeterRegistry registry;

    SlackAlertPoster(
            Slack slack,
            SlackInstallations installations,
            SlackAlertRepository repository,
            SlackAlertMessages messages,
            String baseUrl,
            Retry retry,
            Sleeper sleeper,
            MeterRegistry registry) {
        this.slack = slack;
        this.installations = installations;
        this.repository = repository;
        this.messages = messages;
        this.baseUrl = baseUrl;
        this.retry = retry;
        this.sleeper = sleeper;
        this.registry = registry;
    }

    /** Posts or updates the alert's message as its state and the workspace's setting say. */
    void deliver(Alert alert) throws InterruptedException {
        String workspaceId = alert.workspaceId();
        Optional<PostedMessage> posted = repository.findMessage(workspaceId, alert.id());
        Optional<SlackAlertChannel> channel = repository.findChannel(workspaceId);
        if (posted.isEmpty() && !wanted(alert, channel)) {
            return;
        }
        Optional<String> token = installations.botTokenOfWorkspace(workspaceId);
        if (token.isEmpty()) {
            return; // Slack disconnected: nothing to post with
        }
        SlackAnswers.Message message = messages.of(alert, baseUrl);
        if (posted.isPresent()) {
            PostedMessage original = posted.get();
            String error = call(
                            token.get(),
                            "chat.update",
                            methods -> methods.chatUpdate(r -> r.channel(original.channelId())
                                    .ts(original.ts())
                                    .text(message.text())
                                    .blocks(message.blocks())))
                    .error();
            if (error == null) {
                record(workspaceId, original.channelId(), null, "updated");
                return;
            }
            if (!MESSAGE_GONE.contains(error) || !wanted(alert, channel)) {
                record(workspaceId, original.channelId(), error, error);
                return;
            }
            // The message was deleted in Slack: the alert gets a new one below.
        }
        String channelId = channel.orElseThrow().channelId();
        Outcome outcome = call(
                token.get(),
                "chat.postMessage",
                methods -> methods.chatPostMessage(r -> r.channel(channelId)
                        .text(message.text())
                        .blocks(message.blocks())
                        .unfurlLinks(false)
                        .unfurlMedia(false)));
        if (outcome.error() == null) {
            // Slack answers with the channel's id, whatever name it was given.
            repository.saveMessage(workspaceId, alert.id(), new PostedMessage(outcome.channel(), outcome.ts()));
        }
        record(workspaceId, channelId, outcome.error(), outcome.error() == null ? "posted" : outcome.error());
    }

    /**
     * A first message only for an open alert the channel wants: a resolved alert never posted stays
     * quiet (it was filtered out, or resolved before the channel was set).
     */
    private static boolean wanted(Alert alert, Optional<SlackAlertChannel> channel) {
        return alert.status() == AlertStatus.OPEN
                && channel.isPresent()
                && channel.get().wants(alert.type(), alert.severity());
    }

    /**
     * Keeps Slack's answer on the channel setting (settings show it) and counts it:
     * {@code spendline_slack_alert_messages_total{result}}, {@code posted}, {@code updated} or the error.
     */
    private void record(String workspaceId, String channelId, String error, String result) {
        registry.counter(MESSAGES, "result", result).increment();
        if (error != null) {
            log.warn(
                    "Slack refused an alert message for workspace {} in channel {}: {}", workspaceId, channelId, error);
        }
        repository.recordResult(workspaceId, channelId, error);
    }

    /** What Slack answered in the end: the error ({@code null} when it worked), the channel and ts. */
    record Outcome(String error, String channel, String ts) {}

    @FunctionalInterface
    interface Method {
        SlackApiTextResponse call(com.slack.api.methods.MethodsClient methods) throws IOException, SlackApiException;
    }

    private Outcome call(String token, String name, Method method) throws InterruptedException {
        long deadline = System.nanoTime() + retry.giveUpAfter().toNanos();
        Duration backoff = retry.firstBackoff();
        while (true) {
            Duration wait;
            try {
                SlackApiTextResponse response = method.call(slack.methods(token));
                if (response.isOk()) {
                    return outcome(response);
                }
                if (!TRANSIENT.contains(response.getError())) {
                    return new Outcome(response.getError(), null, null);
                }
                wait = backoff;
            } catch (SlackApiException e) {
                int status = e.getResponse().code();
                if (status == 429) {
                    wait = retryAfter(e.getResponse().header("Retry-After"), backoff);
                } else if (status >= 500) {
                    wait = backoff;
                } else {
                    return new Outcome("http_" + status, null, null);
                }
                log.debug("{} answered HTTP {}; trying again in {}", name, status, wait);
            } catch (IOException e) {
                wait = backoff;
                log.debug("{} failed ({}); trying again in {}", name, e.getMessage(), wait);
            }
            if (System.nanoTime() + wait.toNanos() > deadline) {
                return new Outcome(UNAVAILABLE, null, null);
            }
            sleeper.sleep(wait);
            backoff = min(backoff.multipliedBy(2), retry.maxBackoff());
        }
    }

    private static Outcome outcome(SlackApiTextResponse response) {
        if (response instanceof com.slack.api.methods.response.chat.ChatPostMessageResponse posted) {
            return new Outcome(null, posted.getChannel(), posted.getTs());
        }
        if (response instanceof com.slack.api.methods.response.chat.ChatUpdateResponse updated) {
            return new Outcome(null, updated.getChannel(), updated.getTs());
        }
        return new Outcome(null, null, null);
    }

    /** Slack's {@code Retry-After} is whole seconds; without one, the backoff. */
    static Duration retryAfter(String header, Duration otherwise) {
        try {
            long seconds = Long.parseLong(header == null ? "" : header.strip());
            return seconds >= 0 ? Duration.ofSeconds(seconds) : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
