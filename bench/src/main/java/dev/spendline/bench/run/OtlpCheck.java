package dev.spendline.bench.run;

import dev.spendline.bench.load.EventMix;
import dev.spendline.bench.load.MixEvent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One OTLP export of each encoding through the gateway before a throughput run: wrk counts a 200
 * with rejected spans ({@code partial_success}) as a success, so a mapping that rejected the bench's
 * spans would measure refusals. An export with nothing rejected is answered with an empty
 * {@code ExportTraceServiceResponse}: no bytes in protobuf, {@code {}} in JSON.
 */
final class OtlpCheck {

    private OtlpCheck() {}

    static void acceptedWhole(URI base, String key) throws Exception {
        EventMix mix = new EventMix(42, "otlp-check-", Duration.ZERO);
        List<MixEvent> events = new ArrayList<>(100);
        for (int i = 0; i < 100; i++) {
            events.add(mix.next());
        }
        // The mark's 8 bytes stay as they are: any bytes make a trace id.
        byte[] protobuf = OtlpBodies.protobuf(events, 0);
        String json = OtlpBodies.json(events, 1).replace(OtlpBodies.ID_MARK, "0c0ffee0");
        HttpClient http = HttpClient.newHttpClient();
        for (Object[] export : new Object[][] {
            {"application/x-protobuf", protobuf, ""}, {"application/json", json.getBytes(StandardCharsets.UTF_8), "{}"}
        }) {
            HttpResponse<String> answer = http.send(
                    HttpRequest.newBuilder(base.resolve("/v1/traces"))
                            .header("Authorization", "Bearer " + key)
                            .header("Content-Type", (String) export[0])
                            .timeout(Duration.ofSeconds(30))
                            .POST(HttpRequest.BodyPublishers.ofByteArray((byte[]) export[1]))
                            .build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
            if (answer.statusCode() != 200 || !answer.body().equals(export[2])) {
                throw new IllegalStateException("the gateway did not take the bench's OTLP export (" + export[0]
                        + ") whole: " + answer.statusCode() + " " + answer.body());
            }
        }
    }
}
