package dev.spendline.query.slack;

import dev.spendline.ask.AskAnswer;
import dev.spendline.ask.Asker;
import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.query.QueryUnavailableException;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A question from Slack answered for the Spendline workspace its team is bound to, with the same
 * asker as {@code POST /api/v1/ask}. The answer is made lazily, on the thread that sends it, because
 * Slack wants the request itself acknowledged within three seconds.
 */
final class SlackQuestions {

    /** Ask's own limit on a question. */
    static final int MAX_LENGTH = 500;

    private static final Logger log = LoggerFactory.getLogger(SlackQuestions.class);

    private static final List<String> EXAMPLES = List.of(
            "What did we spend by feature this month?",
            "Top 5 customers by spend last week",
            "What is our margin by customer this quarter?",
            "Where are we wasting money by feature?",
            "Are we over budget?");

    private final String command;
    private final Asker asker;
    private final SlackAnswers answers;
    private final SlackInstallations installations;

    SlackQuestions(String command, Asker asker, SlackAnswers answers, SlackInstallations installations) {
        this.command = command;
        this.asker = asker;
        this.answers = answers;
        this.installations = installations;
    }

    Supplier<SlackAnswers.Message> answer(String teamId, String question, String baseUrl) {
        return answer(teamId, question, baseUrl, () -> null);
    }

    /**
     * @param followedUp the context of the answer this question follows up (a mention in the thread of
     *     an answer), read when the answer is made; null for a question of its own
     */
    Supplier<SlackAnswers.Message> answer(String teamId, String question, String baseUrl, Supplier<String> followedUp) {
        return () -> {
            Optional<String> workspaceId =
                    installations.findByTeam(teamId).map(installation -> installation.workspaceId());
            if (workspaceId.isEmpty()) {
                return answers.notice(SlackInstallations.NOT_CONNECTED);
            }
            String text = question == null ? "" : question.strip();
            if (text.isEmpty()) {
                return answers.usage(command, EXAMPLES);
            }
            if (text.length() > MAX_LENGTH) {
                return answers.notice(
                        "Questions are at most " + MAX_LENGTH + " characters; this one has " + text.length() + ".");
            }
            try {
                String previous = followedUp.get();
                AskAnswer answer;
                try {
                    answer = asker.ask(workspaceId.get(), null, text, baseUrl, previous);
                } catch (ProblemException e) {
                    // A thread's context Ask no longer reads (another version): the question on its own.
                    if (previous == null) {
                        throw e;
                    }
                    answer = asker.ask(workspaceId.get(), null, text, baseUrl, null);
                }
                return answers.of(answer, baseUrl, command);
            } catch (QueryUnavailableException e) {
                log.info("Slack question not answered, data unavailable: {}", e.getMessage());
                return answers.notice("This workspace's figures are loading or moving between instances; ask again"
                        + " in a moment.");
            }
        };
    }

    /** A mention's text without the mentions themselves ({@code <@U0BOT> spend by feature}). */
    static String withoutMentions(String text) {
        return text == null
                ? ""
                : text.replaceAll("<@[A-Z0-9]+(\\|[^>]*)?>", " ").strip();
    }
}
