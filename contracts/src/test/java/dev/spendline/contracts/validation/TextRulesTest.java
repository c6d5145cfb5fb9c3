package dev.spendline.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextRulesTest {

    private static final String CONTROL = "must not contain control characters";
    private static final String BIDI =
            "must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069)";
    private static final String MARK = "must not contain invisible direction marks (U+200E, U+200F, U+061C)";
    private static final String SURROGATE = "must be valid Unicode: it holds an unpaired surrogate (such as \\ud800)";

    @ParameterizedTest
    @ValueSource(strings = {"id-\ud800", "id-\udc00", "\udc00\ud800", "end\ud83d"})
    void everyRuleRefusesUnpairedSurrogates(String text) {
        assertThat(TextRules.IDENTITY.problem(text)).isEqualTo(SURROGATE);
        assertThat(TextRules.DISPLAY_NAME.problem(text)).isEqualTo(SURROGATE);
        assertThat(TextRules.FREE_TEXT.problem(text)).isEqualTo(SURROGATE);
    }

    @Test
    void acceptsSurrogatePairsAndPrintableUnicode() {
        String text = "Zürich — 東京 🚀 שלום";
        assertThat(TextRules.IDENTITY.problem(text)).isNull();
        assertThat(TextRules.DISPLAY_NAME.problem(text)).isNull();
        assertThat(TextRules.FREE_TEXT.problem(text)).isNull();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "esc\u001b]0;pwned\u0007",
                "bel\u0007",
                "cr\r",
                "lf\n",
                "tab\t",
                "del\u007f",
                "nel\u0085",
                "ls\u2028"
            })
    void identitiesAndNamesRefuseControlCharactersAndLineBreaks(String text) {
        assertThat(TextRules.IDENTITY.problem(text)).isEqualTo(CONTROL);
        assertThat(TextRules.DISPLAY_NAME.problem(text)).isEqualTo(CONTROL);
    }

    @Test
    void freeTextAllowsTabsAndLineBreaksButNoOtherControls() {
        assertThat(TextRules.FREE_TEXT.problem("line one\r\n\tline two")).isNull();
        assertThat(TextRules.FREE_TEXT.problem("")).isNull();
        assertThat(TextRules.FREE_TEXT.problem("esc\u001b[31m")).isEqualTo(CONTROL);
        assertThat(TextRules.FREE_TEXT.problem("nel\u0085")).isEqualTo(CONTROL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"})
    void identitiesAndNamesRefuseBidiControlsFreeTextAllowsThem(String control) {
        String text = "invoice" + control + "fdp.exe";
        assertThat(TextRules.IDENTITY.problem(text)).isEqualTo(BIDI);
        assertThat(TextRules.DISPLAY_NAME.problem(text)).isEqualTo(BIDI);
        assertThat(TextRules.FREE_TEXT.problem(text)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"\u200e", "\u200f", "\u061c"})
    void directionMarksAreRefusedInIdentitiesOnly(String mark) {
        assertThat(TextRules.IDENTITY.problem("acme" + mark)).isEqualTo(MARK);
        assertThat(TextRules.DISPLAY_NAME.problem("אבי" + mark + " Cohen")).isNull();
    }

    @Test
    void blankAndLengthAreChecked() {
        assertThat(TextRules.IDENTITY.problem(" ")).isEqualTo("must not be blank");
        assertThat(TextRules.DISPLAY_NAME.problem(null)).isEqualTo("must not be blank");
        assertThat(TextRules.DISPLAY_NAME.problem("x".repeat(Limits.MAX_DISPLAY_NAME_LENGTH)))
                .isNull();
        assertThat(TextRules.DISPLAY_NAME.problem("x".repeat(Limits.MAX_DISPLAY_NAME_LENGTH + 1)))
                .isEqualTo("must be at most 200 characters");
        assertThat(TextRules.IDENTITY.problem("x".repeat(129), 128)).isEqualTo("must be at most 128 characters");
    }

    @Test
    void cleanRemovesWhatARuleRefuses() {
        assertThat(TextRules.DISPLAY_NAME.clean("  Ada\u001b[31m\u0007 Love\u202elace\r\n "))
                .isEqualTo("Ada[31m Lovelace");
        assertThat(TextRules.DISPLAY_NAME.clean("Ada\tLovelace")).isEqualTo("Ada Lovelace");
        assertThat(TextRules.DISPLAY_NAME.clean("Ada\ud800")).isEqualTo("Ada\ufffd");
        assertThat(TextRules.DISPLAY_NAME.clean("\u0007\u202e ")).isNull();
        assertThat(TextRules.IDENTITY.clean("gpt\u200e-4o")).isEqualTo("gpt-4o");
        for (String dirty : new String[] {"a\u001bb\nc\u202ed\ud800", "  x  ", "🚀".repeat(150)}) {
            String clean = TextRules.DISPLAY_NAME.clean(dirty);
            assertThat(TextRules.DISPLAY_NAME.problem(clean)).as(dirty).isNull();
        }
    }

    @Test
    void cleanAndTruncateCutAtACodePointBoundary() {
        String name = "a" + "🚀".repeat(150); // 301 UTF-16 units; a cut at 200 would split a pair
        String clean = TextRules.DISPLAY_NAME.clean(name);
        assertThat(clean).hasSize(199).endsWith("🚀");
        assertThat(TextRules.truncate("abc", 5)).isEqualTo("abc");
        assertThat(TextRules.truncate("ab🚀", 3)).isEqualTo("ab");
        assertThat(TextRules.truncate("ab🚀", 4)).isEqualTo("ab🚀");
    }
}
