package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The follow-up suite ({@code ask/follow-ups.json}): two- and three-turn conversations covering
 * period changes, filters added and replaced, grouping changes, exclusions ("exclude that one"),
 * measure changes, switches to a comparison, and questions of their own that must not be read as
 * follow-ups. Fails below 95 % of conversations right (every turn); the misses go to {@code
 * target/ask-follow-ups.md}.
 */
class FollowUpSuiteTest {

    private static final JsonNode ROOT = AskCorpus.load("/ask/follow-ups.json");
    static final double THRESHOLD = 0.95;

    @Test
    void readsFollowUpsAsChangesToThePreviousCall() throws IOException {
        List<Conversations.Scored> scored = Conversations.score(
                ROOT.get("conversations"),
                AskCorpus.vocabulary(ROOT.get("vocabulary")),
                Instant.parse(ROOT.get("now").asString()));
        assertThat(scored).hasSizeGreaterThanOrEqualTo(50);
        assertThat(scored).allSatisfy(c -> assertThat(c.turns().size()).isBetween(2, 3));
        long right = scored.stream().filter(Conversations.Scored::right).count();
        String report = String.format(
                "Conversations right (every turn): %d of %d; follow-up turns right: %d of %d%n%nMisses:%n%n%s",
                right,
                scored.size(),
                Conversations.followUpTurnsRight(scored),
                Conversations.followUpTurns(scored),
                Conversations.misses(scored));
        Path out = Path.of("target", "ask-follow-ups.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        assertThat((double) right / scored.size()).as("see " + out).isGreaterThanOrEqualTo(THRESHOLD);
    }

    /** Every corpus question after a few different answers: read without an exception, into a call that runs. */
    @Test
    void anyQuestionAfterAnyAnswerIsReadIntoACallThatRunsOrRefused() {
        QuestionInterpreter interpreter = new QuestionInterpreter(AskCorpus.VOCABULARY, AskCorpus.NOW, ZoneOffset.UTC);
        FollowUps followUps = new FollowUps(interpreter);
        List<AskContext> contexts = List.of(
                        "spend by model for acme this month",
                        "spend per day last week",
                        "margin by customer in october",
                        "compare this week to last week by feature",
                        "waste by feature over the last 30 days",
                        "which budgets are over",
                        "internal spend by team this month")
                .stream()
                .map(q -> AskContext.of(interpreter.interpret(q).call(), null))
                .toList();
        int read = 0;
        for (AskContext context : contexts) {
            for (AskCorpus.Entry entry : AskCorpus.entries()) {
                Interpretation reading = followUps.read(context, entry.question(), AskCorpus.NOW);
                if (reading == null) {
                    continue;
                }
                read++;
                if (reading.answered()) {
                    assertThat(reading.call().problems()).as(entry.question()).isEmpty();
                    assertThat(reading.reading()).startsWith("Read as: a follow-up");
                } else {
                    assertThat(reading.reason()).as(entry.question()).isNotBlank();
                }
            }
        }
        assertThat(read).isGreaterThan(100);
    }

    @Test
    void questionsOfTheirOwnAreNotFollowUps() {
        assertThat(FollowUps.isFollowUp("spend by customer last week")).isFalse();
        assertThat(FollowUps.isFollowUp("how much did globex spend by feature last month"))
                .isFalse();
        assertThat(FollowUps.isFollowUp("savings recommendations")).isFalse();
        assertThat(FollowUps.isFollowUp("and last month?")).isTrue();
        assertThat(FollowUps.isFollowUp("only for globex")).isTrue();
        assertThat(FollowUps.isFollowUp("exclude that one")).isTrue();
        assertThat(FollowUps.isFollowUp("by model instead")).isTrue();
    }
}
