package dev.spendline.query.signin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The name rules at sign-up: the same as workspace names and as employeeName at ingest (issue #28). */
class SignUpFormTest {

    private static SignUpForm named(String name) {
        return new SignUpForm("ana@example.com", name, "correct horse battery");
    }

    @Test
    void acceptsNamesUpToTheSharedLimit() {
        assertThat(named("Ana Lima").problems()).isEmpty();
        assertThat(named(null).problems()).isEmpty();
        assertThat(named("A".repeat(200)).problems()).isEmpty();
        assertThat(named("A".repeat(201)).problems()).containsExactly("Your name can have at most 200 characters.");
    }

    @Test
    void refusesControlCharactersBidiControlsAndInvalidUnicode() {
        assertThat(named("Ana\u001b]0;owned\u0007").problems())
                .containsExactly("Your name must not contain control characters.");
        assertThat(named("Ana\r\nLima").problems()).containsExactly("Your name must not contain control characters.");
        assertThat(named("Ana\u202eamiL").problems())
                .containsExactly(
                        "Your name must not contain bidirectional control characters (U+202A-U+202E, U+2066-U+2069).");
        assertThat(named("Ana\ud800").problems()).hasSize(1);
    }
}
