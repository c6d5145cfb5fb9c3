package dev.spendline.query.slack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * The manifest in the repository ({@code slack/manifest.yml}) asks for exactly the scopes the install
 * asks for, names the default slash command, subscribes to the three events handled, and points at the
 * paths Spendline serves.
 */
class SlackManifestTest {

    @Test
    @SuppressWarnings("unchecked")
    void theManifestMatchesWhatSpendlineAsksForAndServes() throws Exception {
        Map<String, Object> manifest;
        try (Reader reader = Files.newBufferedReader(Path.of("..", "slack", "manifest.yml"))) {
            manifest = new Yaml().load(reader);
        }
        Map<String, Object> oauth = (Map<String, Object>) manifest.get("oauth_config");
        List<String> scopes = (List<String>) ((Map<String, Object>) oauth.get("scopes")).get("bot");
        assertThat(String.join(",", scopes)).isEqualTo(SlackProperties.SCOPES);
        assertThat((List<String>) oauth.get("redirect_urls"))
                .containsExactly("https://spendline.example.com" + SlackSettingsController.CALLBACK);

        Map<String, Object> features = (Map<String, Object>) manifest.get("features");
        Map<String, Object> command = ((List<Map<String, Object>>) features.get("slash_commands")).get(0);
        assertThat(command)
                .containsEntry("command", "/spendline")
                .containsEntry("url", "https://spendline.example.com/slack/commands");

        Map<String, Object> events =
                (Map<String, Object>) ((Map<String, Object>) manifest.get("settings")).get("event_subscriptions");
        assertThat(events).containsEntry("request_url", "https://spendline.example.com/slack/events");
        assertThat((List<String>) events.get("bot_events"))
                .containsExactly("app_mention", "app_uninstalled", "tokens_revoked");
    }
}
