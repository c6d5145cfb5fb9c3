package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.spendline.contracts.validation.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WebhookRequestReaderTest {

    final WebhookRequestReader reader = new WebhookRequestReader(AddressGuardTest.guard(false, false));
    final WebhookRequestReader local = new WebhookRequestReader(AddressGuardTest.guard(true, false));

    @Test
    void readsAUrlWithTypesAndSeveritiesInAnyCase() {
        WebhookDraft draft = reader.read(
                json(
                        "{\"url\":\" https://hooks.example.com/a?x=1 \",\"alertTypes\":[\"budget_threshold\"],\"severities\":[\"Critical\",\"WARNING\"]}"));

        assertThat(draft.url()).isEqualTo("https://hooks.example.com/a?x=1");
        assertThat(draft.alertTypes()).containsExactly("BUDGET_THRESHOLD");
        assertThat(draft.severities()).containsExactlyInAnyOrder("CRITICAL", "WARNING");
    }

    @Test
    void noTypesOrSeveritiesMeansEveryOne() {
        WebhookDraft draft = reader.read(json("{\"url\":\"https://hooks.example.com/a\"}"));
        assertThat(draft.alertTypes()).isEmpty();
        assertThat(draft.severities()).isEmpty();
    }

    @Test
    void listsEveryProblemAtOnce() {
        assertThat(
                        problems(
                                "{\"url\":\"ftp://hooks.example.com\",\"alertTypes\":[\"NOPE\",3],\"severities\":\"WARNING\",\"x\":1}"))
                .extracting(FieldError::pointer)
                .containsExactlyInAnyOrder("/x", "/url", "/alertTypes", "/alertTypes/1", "/severities");
    }

    @Test
    void theUrlMustBeHttpsAbsoluteAndWithoutCredentials() {
        assertThat(message("{}")).contains("required");
        assertThat(message("{\"url\":\"\"}")).contains("required");
        assertThat(message("{\"url\":42}")).contains("must be a string");
        assertThat(message("{\"url\":\"/relative\"}")).contains("absolute https URL");
        assertThat(message("{\"url\":\"http://hooks.example.com/a\"}")).contains("must use https");
        assertThat(message("{\"url\":\"https://user:pw@hooks.example.com/a\"}")).contains("user name or password");
        assertThat(message("{\"url\":\"https://hooks.example.com/a#frag\"}")).contains("fragment");
        assertThat(message("{\"url\":\"https://hooks example.com\"}")).contains("not a valid URL");
        assertThat(message("{\"url\":\"https://hooks.example.com/" + "a".repeat(2000) + "\"}"))
                .contains("2000");
    }

    @Test
    void refusedAddressesAreNamedOnTheUrl() {
        assertThat(message("{\"url\":\"https://10.0.0.1/a\"}"))
                .contains("refused")
                .contains("private");
        assertThat(message("{\"url\":\"https://169.254.169.254/latest\"}")).contains("metadata");
        assertThat(message("{\"url\":\"https://127.0.0.1:9000/a\"}")).contains("loopback");
        assertThat(message("{\"url\":\"https://[fe80::1]/a\"}")).contains("link-local");
    }

    @Test
    void plainHttpToLoopbackWhereTheOperatorAllowsIt() {
        assertThat(local.read(json("{\"url\":\"http://127.0.0.1:9000/a\"}")).url())
                .isEqualTo("http://127.0.0.1:9000/a");
        assertThatThrownBy(() -> local.read(json("{\"url\":\"http://hooks.example.com/a\"}")))
                .isInstanceOf(InvalidWebhookException.class);
    }

    @Test
    void notJsonOrNotAnObjectIsOneProblem() {
        assertThat(problems("nope")).extracting(FieldError::message).containsExactly("the body is not valid JSON");
        assertThat(problems("[1]")).extracting(FieldError::message).allMatch(m -> m.contains("JSON object"));
    }

    @Test
    void theSettingsFormIsCheckedByTheSameRules() {
        WebhookDraft draft = reader.read("https://hooks.example.com/a", List.of("SPEND_ANOMALY"), List.of());
        assertThat(draft.alertTypes()).isEqualTo(Set.of("SPEND_ANOMALY"));
        assertThatThrownBy(() -> reader.read("https://10.0.0.1/", List.of(), List.of("LOUD")))
                .isInstanceOfSatisfying(InvalidWebhookException.class, e -> assertThat(e.errors())
                        .hasSize(2));
    }

    private List<FieldError> problems(String body) {
        try {
            reader.read(json(body));
        } catch (InvalidWebhookException e) {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.code()).isEqualTo("invalid_webhook");
            return e.errors();
        }
        throw new AssertionError("accepted " + body);
    }

    private String message(String body) {
        List<FieldError> problems = problems(body);
        assertThat(problems).hasSize(1);
        return problems.get(0).message();
    }

    private static byte[] json(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
