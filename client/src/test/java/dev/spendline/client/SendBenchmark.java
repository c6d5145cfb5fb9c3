package dev.spendline.client;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The caller's cost of {@link SpendlineClient#send} (goal: under 5 µs), with the sender thread
 * running: {@code delivering} against a local server answering 202 at once (the buffer fills when
 * the caller outpaces it, so this includes drop-oldest), {@code stalled} against a server that never
 * answers (every send drops the oldest item). The event is built once: building it is the
 * application's work. Run (see docs/performance.md):
 *
 * <pre>
 * ./mvnw -B -o -q test-compile -pl client
 * ./mvnw -B -o -q dependency:build-classpath -pl client -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -cp client/target/test-classes:client/target/classes:$(cat client/target/cp.txt) org.openjdk.jmh.Main SendBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx512m"})
public class SendBenchmark {

    @Param({"delivering", "stalled"})
    public String server;

    private FakeIngest ingest;
    private SpendlineClient client;
    private ProductEvent event;

    @Setup(Level.Trial)
    public void start() throws IOException {
        ingest = new FakeIngest(false);
        if (server.equals("stalled")) {
            ingest.otherwise(ingest.stall());
        }
        client = SpendlineClient.builder(ingest.uri())
                .apiKey("spl_bench")
                .bufferCapacity(10_000)
                .batchSize(1_000)
                .linger(Duration.ofMillis(50))
                .requestTimeout(Duration.ofSeconds(60))
                .maxRetries(0)
                .build();
        event = SpendlineClientTest.event("bench-1");
    }

    @TearDown(Level.Trial)
    public void stop() {
        client.close(Duration.ofSeconds(1));
        ingest.close();
    }

    @Benchmark
    public void send() {
        client.send(event);
    }
}
