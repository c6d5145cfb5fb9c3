package dev.spendline.standalone.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * docs/mcp.md shows a TypeScript OAuth client to copy; {@link McpOAuthBrowserIT} runs the file
 * {@code src/test/node/oauth-example.mts}. The doc's code block must be that file, byte for byte,
 * so the example a reader copies is the one that was run.
 */
class OAuthExampleDocTest {

    private static final Path DOC =
            NodeClients.NODE_PROJECT.resolve("../../../../docs/mcp.md").normalize();

    @Test
    void theDocsTypeScriptExampleIsTheFileTheTestRuns() throws Exception {
        String doc = Files.readString(DOC);
        String example = Files.readString(NodeClients.OAUTH_EXAMPLE);
        int start = doc.indexOf("```ts\n");
        assertThat(start).as("a ```ts block in " + DOC).isNotNegative();
        int end = doc.indexOf("```\n", start + 6);
        assertThat(doc.substring(start + "```ts\n".length(), end)).isEqualTo(example);
        assertThat(example).contains("SPENDLINE_MCP_URL").contains("Open this page to sign in: ");
    }
}
