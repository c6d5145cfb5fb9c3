package dev.spendline.query.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JsonRpcEnvelopeTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "not json|-32700|400",
                "''|-32700|400",
                "{}|-32600|400",
                "[]|-32600|400",
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]|-32600|400",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}|-32600|400",
                "null|-32600|400",
                "\"text\"|-32600|400",
                "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}|-32600|400",
                "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}|-32600|400",
                "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}|-32600|400",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":7}|-32600|400",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":null}|-32602|200",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{}}|-32602|200",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"spend_by\",\"arguments\":\"x\"}}|-32602|200",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}|-32602|200",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\",\"params\":[]}|-32602|400"
            })
    void refusesWhatIsNotOneValidRequestWithTheJsonRpcCode(String body, int code, int status) {
        JsonRpcEnvelope.Result result = JsonRpcEnvelope.check(body.getBytes(StandardCharsets.UTF_8));

        assertThat(result.message()).isNull();
        assertThat(result.refusal().code()).isEqualTo(code);
        assertThat(result.refusal().httpStatus()).isEqualTo(status);
        assertThat(result.refusal().message()).doesNotContain("Exception").doesNotContain("java.");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"spend_by\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-11-25\","
                        + "\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}"
            })
    void passesValidRequestsToTheSdk(String body) {
        JsonRpcEnvelope.Result result = JsonRpcEnvelope.check(body.getBytes(StandardCharsets.UTF_8));

        assertThat(result.refusal()).isNull();
        assertThat(result.message().node().get("method").asString()).isNotEmpty();
    }
}
