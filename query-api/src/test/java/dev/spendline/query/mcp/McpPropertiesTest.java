package dev.spendline.query.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class McpPropertiesTest {

    @Test
    void byDefaultTheBaseUrlsOriginAndLoopbackOnAnyPortAreAllowed() {
        assertThat(new McpProperties(null).originsAllowed("https://Spendline.example.com:443/app/"))
                .containsExactly(
                        "https://spendline.example.com", "http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*");
        assertThat(new McpProperties(null).originsAllowed("http://127.0.0.1:8080"))
                .startsWith("http://127.0.0.1:8080");
        assertThat(new McpProperties(null).originsAllowed("")).isEqualTo(McpProperties.LOOPBACK);
    }

    @Test
    void aConfiguredListIsTheWholeList() {
        assertThat(new McpProperties(List.of("https://inspector.example.com")).originsAllowed("https://a.example"))
                .containsExactly("https://inspector.example.com");
        assertThat(new McpProperties(List.of()).originsAllowed("https://a.example"))
                .isEmpty();
    }

    @Test
    void aRelativeBaseUrlIsAConfigurationError() {
        assertThatThrownBy(() -> McpProperties.originOf("spendline.example.com"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spendline.base-url");
    }

    @Test
    void theOriginCheckMatchesExactOriginsAndAnyPortWildcards() {
        OriginCheck check = new OriginCheck(List.of("https://spendline.example.com", "http://localhost:*"));
        assertThat(check.allowed("https://spendline.example.com")).isTrue();
        assertThat(check.allowed("http://localhost:6274")).isTrue();
        assertThat(check.allowed("http://localhost")).isTrue();
        assertThat(check.allowed("https://spendline.example.com.evil.example")).isFalse();
        assertThat(check.allowed("http://localhost.evil.example")).isFalse();
        assertThat(check.allowed("null")).isFalse();
    }
}
