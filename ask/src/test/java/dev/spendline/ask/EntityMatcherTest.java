package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.ask.EntityMatcher.Absent;
import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.contracts.query.Dimension;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rule for a typed word and the names of the data: exactly, as the unique start of a name, or
 * with a small typo that keeps the name's digits; another version or variant of a name is never
 * read as it but reported absent with the name it is nearest to.
 */
class EntityMatcherTest {

    private static final EntityMatcher MATCHER = new EntityMatcher(new Vocabulary(Map.of(
            Dimension.FEATURE, names("search", "chat", "support-bot"),
            Dimension.TENANT, names("acme", "umbrella-corp"),
            Dimension.MODEL, names("gpt-4.1", "gpt-4.1-mini", "claude-sonnet-4", "gpt-5-codex"),
            Dimension.INTERNAL_TOOL, names("claude_code"),
            Dimension.TEAM, names("growth", "data-science"))));

    private static Set<String> names(String... names) {
        return new LinkedHashSet<>(List.of(names));
    }

    private record Found(List<Mention> mentions, List<Absent> absent, List<String> unsure) {}

    private static Found find(String text) {
        List<String> unsure = new ArrayList<>();
        List<Absent> absent = new ArrayList<>();
        List<Mention> mentions = MATCHER.find(List.of(text.split(" ")), Set.of("spend", "team", "by"), unsure, absent);
        return new Found(mentions, absent, unsure);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "GPT-4.1, gpt-4.1, false",
        "gpt 4.1 mini, gpt-4.1-mini, false",
        "Support_Bot, support-bot, false",
        "serch, search, true",
        "gpt-4.1-mnii, gpt-4.1-mini, true",
        "umbrella, umbrella-corp, true",
        "claude sonnet, claude-sonnet-4, true"
    })
    void readsANameSpelledExactlyAsItsStartOrWithATypo(String typed, String value, boolean corrected) {
        Found found = find(typed);
        assertThat(found.absent()).isEmpty();
        assertThat(found.mentions()).singleElement().satisfies(m -> {
            assertThat(m.value()).isEqualTo(value);
            assertThat(m.typo())
                    .as("a note says it was read as another spelling")
                    .isEqualTo(corrected);
        });
    }

    @ParameterizedTest(name = "{0} is not {1}")
    @CsvSource({
        // a version suffix or an extra segment: another model, not the one the data has
        "gpt-4.1-2025-04-14, gpt-4.1",
        "gpt-4.1-mini-2025-04-14, gpt-4.1-mini",
        "claude-sonnet-4-5, claude-sonnet-4",
        "claude-sonnet-4.5, claude-sonnet-4",
        "claude sonnet 4 5, claude-sonnet-4",
        "chat-gpt, chat",
        // one edit, but within the digits: another version
        "gpt-4.2, gpt-4.1",
        "claude-sonnet-3, claude-sonnet-4",
        // the start of a name, ending in a version: gpt-5 is not gpt-5-codex
        "gpt-5, gpt-5-codex"
    })
    void neverReadsAnotherVersionOrVariantAsTheName(String typed, String nearest) {
        Found found = find(typed);
        assertThat(found.mentions()).as("read as a name").isEmpty();
        assertThat(found.absent()).singleElement().satisfies(a -> {
            assertThat(a.typed()).isEqualTo(typed);
            assertThat(a.nearest()).isEqualTo(nearest);
        });
    }

    @Test
    void aStartSeveralNamesShareIsNoName() {
        Found found = find("claude spend");
        assertThat(found.mentions()).isEmpty();
        assertThat(found.absent()).isEmpty();
    }

    @Test
    void shortWordsAreNotTheStartOfALongerName() {
        // "data" is an everyday word, not the team data-science
        assertThat(find("data").mentions()).isEmpty();
    }

    @Test
    void twoNamesInARowAreTwoNames() {
        Found found = find("acme growth spend");
        assertThat(found.absent()).isEmpty();
        assertThat(found.mentions()).extracting(Mention::value).containsExactly("acme", "growth");
    }

    @Test
    void wordsAskUsesAfterANameDoNotMakeAVariant() {
        assertThat(find("growth-team").absent()).isEmpty();
    }

    @Test
    void theVersionOfATypoIsKeptSeparately() {
        Found found = find("acme spend on gpt-4.2 by serch");
        assertThat(found.mentions()).extracting(Mention::value).containsExactly("acme", "search");
        assertThat(found.absent()).extracting(Absent::nearest).containsExactly("gpt-4.1");
    }

    @Test
    void nearestNamesOfTheDimensionNearestFirst() {
        assertThat(MATCHER.nearest("acmee", Set.of(Dimension.TENANT), 3)).containsExactly("acme");
        assertThat(MATCHER.nearest("gpt-4.2", Set.of(Dimension.MODEL), 3)).containsExactly("gpt-4.1");
        assertThat(MATCHER.nearest("zzz", Set.of(Dimension.TENANT), 3)).isEmpty();
        assertThat(MATCHER.nearest("acme", Set.of(Dimension.FEATURE), 3)).isEmpty();
    }

    @Test
    void typoDistanceKeepsDigits() {
        assertThat(TypoDistance.sameNumbers("gpt 4 1", "gpt 41")).isTrue();
        assertThat(TypoDistance.sameNumbers("gpt 4 1", "gpt 4 2")).isFalse();
        assertThat(TypoDistance.sameNumbers("claude sonnet 4", "claude sonnet 4 5"))
                .isFalse();
        assertThat(TypoDistance.sameNumbers("serch", "search")).isTrue();
    }

    @Test
    void aVocabularyIsKeyedOnceAndAnotherOneOfTheSameNamesIsBuiltAgain() {
        Vocabulary one = new Vocabulary(Map.of(Dimension.FEATURE, names("search")));
        Vocabulary same = new Vocabulary(Map.of(Dimension.FEATURE, names("search")));
        assertThat(EntityMatcher.of(one)).isSameAs(EntityMatcher.of(one));
        assertThat(EntityMatcher.of(same))
                .as("by identity: a new object may hold new names")
                .isNotSameAs(EntityMatcher.of(one));
        List<String> unsure = new ArrayList<>();
        assertThat(EntityMatcher.of(one).find(List.of("search"), Set.of(), unsure))
                .hasSize(1);
    }

    @Test
    void separatorsAreOneSpace() {
        assertThat(EntityMatcher.key("  Support__bot.v2 - beta ")).isEqualTo("support bot v2 beta");
    }
}
