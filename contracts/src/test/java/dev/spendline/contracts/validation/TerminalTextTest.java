package dev.spendline.contracts.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    /** ESC, BEL, CR, LF, RLO, LRI, an unpaired surrogate: what a hostile name would hold. */
    static final String HOSTILE = "ws\u001b]0;owned\u0007\r\nFAKE\u202eevil\u2066x\ud800";

    @Test
    void escapesEveryUnprintableCharacter() {
        String printed = TerminalText.escape(HOSTILE);
        assertThat(printed).isEqualTo("ws\\u001b]0;owned\\u0007\\u000d\\u000aFAKE\\u202eevil\\u2066x\ufffd");
        assertThat(printed).doesNotContain("\u001b", "\u0007", "\r", "\n", "\u202e", "\u2066", "\ud800");
    }

    @Test
    void leavesPrintableTextAsItIs() {
        String text = "Zürich — 東京 🚀 שלום";
        assertThat(TerminalText.escape(text)).isSameAs(text);
        assertThat(TerminalText.escape(null)).isNull();
    }

    @Test
    void keepsLineFeedsOnlyWhenAsked() {
        assertThat(TerminalText.escapeKeepingLines("one\ntwo\r\n\u001b")).isEqualTo("one\ntwo\\u000d\n\\u001b");
        assertThat(TerminalText.escape("one\ntwo")).isEqualTo("one\\u000atwo");
    }

    @Test
    void jsonKeepsItsValueButNotTheRawCharacters() throws Exception {
        var mapper = dev.spendline.contracts.json.Json.MAPPER;
        var node = mapper.createObjectNode()
                .put("name", "a\u001b\u007f\u009b\u202e\u2028b\r\n🚀 Zürich")
                .put("n", 1);
        String written = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        String printed = TerminalText.json(written);
        assertThat(printed)
                .doesNotContain("\u001b", "\u007f", "\u009b", "\u202e", "\u2028")
                .contains("🚀 Zürich");
        assertThat(mapper.readTree(printed)).isEqualTo(node);
        assertThat(TerminalText.json("{\"a\":\"x\ud800\"}")).isEqualTo("{\"a\":\"x\\ud800\"}");
        assertThat(TerminalText.json("{}")).isEqualTo("{}");
    }
}
