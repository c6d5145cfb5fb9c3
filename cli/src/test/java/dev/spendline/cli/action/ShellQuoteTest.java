package dev.spendline.cli.action;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShellQuoteTest {

    @Test
    void singleQuotesAndEscapesEmbeddedQuotes() {
        assertThat(ShellQuote.quote("create budget 4821")).isEqualTo("'create budget 4821'");
        assertThat(ShellQuote.quote("Bob's $HOME `x`")).isEqualTo("'Bob'\\''s $HOME `x`'");
        assertThat(ShellQuote.quote("")).isEqualTo("''");
    }
}
