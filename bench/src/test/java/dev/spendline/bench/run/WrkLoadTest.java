package dev.spendline.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WrkLoadTest {

    private static final String OUTPUT =
            """
            Running 15s test @ http://127.0.0.1:32873/api/v1/events
              1 threads and 256 connections
              Thread Stats   Avg      Stdev     Max   +/- Stdev
                Latency    16.45ms    7.19ms  72.77ms   87.48%
                Req/Sec    15.47k     1.02k   17.11k    70.00%
              Latency Distribution
                 50%   15.20ms
                 75%   18.11ms
                 90%   24.02ms
                 99%    1.02s
              230543 requests in 15.00s, 30.12MB read
            Requests/sec:  15369.53
            Transfer/sec:      2.01MB
            """;

    @Test
    void readsTheRateAndThePercentilesInMilliseconds() {
        WrkLoad.Result result = WrkLoad.parse(OUTPUT, 100);

        assertThat(result.requestsPerSecond()).isEqualTo(15369.53);
        assertThat(result.eventsPerSecond()).isEqualTo(1_536_953.0);
        assertThat(result.p50Millis()).isEqualTo(15.2);
        assertThat(result.p99Millis()).isEqualTo(1020.0);
    }

    @Test
    void aRunWithRefusedRequestsOrBrokenConnectionsIsNoResult() {
        assertThatThrownBy(() -> WrkLoad.parse(OUTPUT + "  Non-2xx or 3xx responses: 12\n", 1))
                .hasMessageContaining("12 answers were not 2xx");
        assertThatThrownBy(() -> WrkLoad.parse(OUTPUT + "  Socket errors: connect 0, read 3, write 0, timeout 0\n", 1))
                .hasMessageContaining("connections failed");
        assertThatThrownBy(() -> WrkLoad.parse("unable to connect", 1)).hasMessageContaining("no Requests/sec");
    }

    @Test
    void theScriptSendsTheMixWithAFreshIdentityPerRequest() {
        String single = WrkLoad.script("spl_key", 1, "single");
        assertThat(single)
                .contains("wrk.headers[\"Authorization\"] = \"Bearer spl_key\"")
                .contains("\"externalId\":\"@@")
                .contains("string.gsub(bodies[(n % #bodies) + 1], \"@@\", \"single-\" .. n .. \"-\")");
        String batch = WrkLoad.script("spl_key", 100, "batch");
        assertThat(batch).contains("[==[{\"events\":[{");
        int firstBody = batch.indexOf("[==[");
        String body = batch.substring(firstBody + 4, batch.indexOf("]==]", firstBody));
        assertThat(body.split("\"externalId\"", -1)).hasSize(101);
    }
}
