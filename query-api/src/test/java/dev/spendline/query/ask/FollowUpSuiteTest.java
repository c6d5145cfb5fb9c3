package dev.spendline.query.ask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
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
