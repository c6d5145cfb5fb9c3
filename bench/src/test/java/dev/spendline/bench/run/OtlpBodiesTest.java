package dev.spendline.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.util.JsonFormat;
import dev.spendline.bench.load.EventMix;
import dev.spendline.bench.load.MixEvent;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.Span;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OtlpBodiesTest {

    private static List<MixEvent> events(int n) {
        EventMix mix = new EventMix(7, "t-", Duration.ZERO);
        List<MixEvent> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            events.add(mix.next());
        }
        return events;
    }

    @Test
    void aProtobufExportHasOneGenAiSpanPerEventWithDistinctIdsAfterTheMark() throws Exception {
        List<MixEvent> events = events(100);
        ExportTraceServiceRequest export = ExportTraceServiceRequest.parseFrom(OtlpBodies.protobuf(events, 3));
        List<Span> spans = export.getResourceSpans(0).getScopeSpans(0).getSpansList();
        assertThat(spans).hasSize(100);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < spans.size(); i++) {
            Span span = spans.get(i);
            assertThat(span.getTraceId().substring(0, 8).toStringUtf8()).isEqualTo(OtlpBodies.ID_MARK);
            assertThat(span.getTraceId().size()).isEqualTo(16);
            assertThat(span.getSpanId().size()).isEqualTo(8);
            ids.add(span.getTraceId().toStringUtf8() + span.getSpanId());
            assertThat(span.getAttributesList()).anySatisfy(a -> {
                assertThat(a.getKey()).isEqualTo("gen_ai.usage.input_tokens");
                assertThat(a.getValue().getIntValue())
                        .isEqualTo(events.get(spans.indexOf(span)).promptTokens());
            });
            assertThat(span.getEndTimeUnixNano()).isGreaterThanOrEqualTo(span.getStartTimeUnixNano());
        }
        assertThat(ids).hasSize(100);
    }

    @Test
    void theJsonExportHasHexIdsOnceTheMarksAreReplaced() throws Exception {
        String json = OtlpBodies.json(events(10), 1).replace(OtlpBodies.ID_MARK, "0000002a");
        ExportTraceServiceRequest.Builder export = ExportTraceServiceRequest.newBuilder();
        JsonFormat.parser().merge(json, export); // well-formed
        Matcher traceIds = Pattern.compile("\"traceId\":\"([0-9a-f]{32})\"").matcher(json);
        int found = 0;
        while (traceIds.find()) {
            assertThat(traceIds.group(1)).startsWith("0000002a0000002a");
            found++;
        }
        assertThat(found).isEqualTo(10);
    }

    @Test
    void theWrkScriptCarriesTheProtobufBodiesByteForByte() throws Exception {
        String lua = WrkLoad.otlpScript("spl_test", 100, true, "t");
        // The first body: a Lua string of printable characters and \ddd escapes.
        // Quotes inside a body are escaped (\034), so the first quote ends it.
        String open = "local bodies = {\n\"";
        int start = lua.indexOf(open) + open.length();
        String s = lua.substring(start, lua.indexOf("\",\n", start));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\\') {
                bytes.write(Integer.parseInt(s.substring(i + 1, i + 4)));
                i += 3;
            } else {
                bytes.write(s.charAt(i));
            }
        }
        ExportTraceServiceRequest export = ExportTraceServiceRequest.parseFrom(bytes.toByteArray());
        assertThat(export.getResourceSpans(0).getScopeSpans(0).getSpansCount()).isEqualTo(100);
        assertThat(lua).contains("application/x-protobuf").contains("Bearer spl_test");
        assertThat(lua.chars().allMatch(c -> c < 0x80)).as("ASCII only").isTrue();
        assertThat(new String(lua.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1))
                .isEqualTo(lua);
    }
}
