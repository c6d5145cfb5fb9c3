package dev.spendline.query.limits;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.contracts.json.Json;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

class BodyLimitFilterTest {

    private static final long LIMIT = 100;

    private final BodyLimitFilter filter =
            new BodyLimitFilter(LIMIT, Map.of("/api/mcp", 50L), Set.of("/api/v1/events"));

    @Test
    void aLengthOverTheLimitIs413BeforeAnythingReadsTheBody() throws Exception {
        MockHttpServletRequest request = post("/api/v1/ask", "application/json", new byte[(int) LIMIT + 1]);
        AtomicReference<ServletRequest> passed = new AtomicReference<>();

        MockHttpServletResponse response = run(request, (req, res) -> passed.set(req));

        assertThat(passed.get()).as("nothing downstream ran").isNull();
        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentType()).startsWith("application/problem+json");
        assertThat(Json.MAPPER
                        .readTree(response.getContentAsByteArray())
                        .get("detail")
                        .asString())
                .contains("100 bytes");
    }

    @Test
    void aChunkedBodyIsReadUpToTheLimitPlusOneAndThenRefused() throws Exception {
        MockHttpServletRequest over = chunked(post("/api/v1/ask", "application/json", new byte[(int) LIMIT + 1]));
        assertThat(run(over, (req, res) -> {}).getStatus()).isEqualTo(413);

        MockHttpServletRequest within = chunked(post("/api/v1/ask", "application/json", "{\"a\":1}".getBytes()));
        AtomicReference<String> read = new AtomicReference<>();
        MockHttpServletResponse response = run(
                within,
                (req, res) -> read.set(new String(req.getInputStream().readAllBytes(), StandardCharsets.UTF_8)));
        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(read.get()).as("the same bytes, read again downstream").isEqualTo("{\"a\":1}");
    }

    @Test
    void aPathWithItsOwnLimitUsesItAndIngestIsLeftToItsHandler() throws Exception {
        assertThat(run(post("/api/mcp", "application/json", new byte[51]), (req, res) -> {})
                        .getStatus())
                .isEqualTo(413);
        assertThat(run(post("/api/v1/events", "application/json", new byte[1000]), (req, res) -> {})
                        .getStatus())
                .isEqualTo(200);
    }

    @Test
    void anUnparsableOrWildcardContentTypeIs415() throws Exception {
        for (String type : new String[] {"application/", "*/*", "application/json; charset=nope"}) {
            assertThat(run(post("/api/v1/ask", type, new byte[2]), (req, res) -> {})
                            .getStatus())
                    .as(type)
                    .isEqualTo(415);
        }
    }

    @Test
    void theContainersRefusalWhileAFilterReadsTheFormIsTheClientsFault() throws Exception {
        MockHttpServletRequest form = post("/signin", "application/x-www-form-urlencoded", new byte[10]);
        MockHttpServletResponse tooLarge = run(form, (req, res) -> {
            throw new InvalidParameterException("too large", 413);
        });
        assertThat(tooLarge.getStatus()).isEqualTo(413);
        MockHttpServletResponse malformed =
                run(post("/signin", "application/x-www-form-urlencoded", new byte[1]), (req, res) -> {
                    throw new InvalidParameterException("bad escape", 400);
                });
        assertThat(malformed.getStatus()).isEqualTo(400);
        assertThat(malformed.getContentAsString())
                .contains("malformed_parameters")
                .doesNotContain("Exception");
    }

    @Test
    void aBrowserGetsThePageNotTheJson() throws Exception {
        MockHttpServletRequest request =
                post("/app/settings/revenue/upload", "multipart/form-data; boundary=x", new byte[200]);
        request.addHeader("Accept", "text/html,application/xhtml+xml");
        MockHttpServletResponse response = run(request, (req, res) -> {});
        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getContentType()).startsWith("text/html");
        assertThat(response.getContentAsString()).contains("Request body too large");
    }

    private static MockHttpServletRequest post(String path, String type, byte[] body) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setContentType(type);
        request.setContent(body);
        return request;
    }

    /** The same request without a length, as a chunked one arrives. */
    private static MockHttpServletRequest chunked(MockHttpServletRequest request) {
        MockHttpServletRequest chunked = new MockHttpServletRequest("POST", request.getRequestURI()) {
            @Override
            public long getContentLengthLong() {
                return -1;
            }

            @Override
            public int getContentLength() {
                return -1;
            }
        };
        chunked.setContentType(request.getContentType());
        chunked.setContent(request.getContentAsByteArray());
        chunked.addHeader("Transfer-Encoding", "chunked");
        return chunked;
    }

    private MockHttpServletResponse run(MockHttpServletRequest request, FilterChain chain) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        filter.doFilter(request, response, chain);
        return response;
    }
}
