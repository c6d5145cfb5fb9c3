package dev.spendline.internalapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.internalapi.InstanceCredential.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InstanceCredentialTest {

    private static final Instant NOW = Instant.parse("2026-11-25T03:00:00Z");
    private static final String PATH = "/internal/v1/queries/spend_by";
    private static final byte[] BODY = "{\"workspaceId\":\"ws_a\"}".getBytes(StandardCharsets.UTF_8);

    private final InstanceCredential credential = InstanceCredential.of(InstanceCredential.generateSecret());

    @Test
    void acceptsWhatItSignedWithinTheAllowedSkew() {
        String header = credential.sign(PATH, BODY, NOW);
        assertThat(header).matches("v1 t=\\d+ sig=[A-Za-z0-9_-]{43}");
        assertThat(credential.verify(header, PATH, BODY, NOW)).isEqualTo(Verdict.VALID);
        assertThat(credential.verify(header, PATH, BODY, NOW.plus(InstanceCredential.MAX_SKEW)))
                .isEqualTo(Verdict.VALID);
        assertThat(credential.verify(header, PATH, BODY, NOW.minus(InstanceCredential.MAX_SKEW)))
                .isEqualTo(Verdict.VALID);
    }

    @Test
    void refusesAnOldOrFutureSignature() {
        String header = credential.sign(PATH, BODY, NOW);
        Duration beyond = InstanceCredential.MAX_SKEW.plusSeconds(1);
        assertThat(credential.verify(header, PATH, BODY, NOW.plus(beyond))).isEqualTo(Verdict.EXPIRED);
        assertThat(credential.verify(header, PATH, BODY, NOW.minus(beyond))).isEqualTo(Verdict.EXPIRED);
    }

    @Test
    void refusesASignatureMovedToAnotherBodyOrPath() {
        String header = credential.sign(PATH, BODY, NOW);
        byte[] otherWorkspace = "{\"workspaceId\":\"ws_b\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(credential.verify(header, PATH, otherWorkspace, NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(credential.verify(header, "/internal/v1/queries/margin_by_customer", BODY, NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
    }

    @Test
    void refusesAnotherSecretsSignatureATamperedTimeAndGarbage() {
        InstanceCredential other = InstanceCredential.of(InstanceCredential.generateSecret());
        assertThat(credential.verify(other.sign(PATH, BODY, NOW), PATH, BODY, NOW))
                .isEqualTo(Verdict.WRONG_SIGNATURE);
        String header = credential.sign(PATH, BODY, NOW);
        String retimed = header.replace("t=" + NOW.getEpochSecond(), "t=" + (NOW.getEpochSecond() + 1));
        assertThat(credential.verify(retimed, PATH, BODY, NOW)).isEqualTo(Verdict.WRONG_SIGNATURE);
        assertThat(credential.verify(null, PATH, BODY, NOW)).isEqualTo(Verdict.MISSING);
        assertThat(credential.verify(" ", PATH, BODY, NOW)).isEqualTo(Verdict.MISSING);
        assertThat(credential.verify("Bearer spl_x", PATH, BODY, NOW)).isEqualTo(Verdict.MALFORMED);
        assertThat(credential.verify("v1 t=99999999999999 sig=x", PATH, BODY, NOW))
                .isEqualTo(Verdict.MALFORMED);
    }

    @Test
    void refusesToStartWithoutASecretOrWithAShortOne() {
        assertThatThrownBy(() -> InstanceCredential.of(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("spendline.internal.secret is not set");
        assertThatThrownBy(() -> InstanceCredential.of(""))
                .hasMessageContaining("spendline.internal.secret is not set");
        assertThatThrownBy(() -> InstanceCredential.of("short-secret")).hasMessageContaining("too short");
        assertThat(InstanceCredential.generateSecret()).hasSize(43).isNotEqualTo(InstanceCredential.generateSecret());
    }
}
