package dev.spendline.bench.fault;

import static dev.spendline.bench.fault.FaultTestSupport.STANDALONE_READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.bench.load.EventMix;
import dev.spendline.bench.load.Ledger;
import dev.spendline.bench.load.LoadGenerator;
import dev.spendline.bench.load.ReportClient;
import dev.spendline.bench.process.JavaProcess;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A storm of bad requests mixed into valid load: random bytes, truncated JSON, huge and negative
 * numbers, deep nesting, wrong types, oversized bodies, wrong content types and keys. Every bad
 * request gets a 4xx, the service stays up, and every valid event is counted exactly once.
 */
class MalformedStormIT {

    private record Bad(String kind, String contentType, String key, byte[] body) {}

    @Test
    void malformedInputStormGetsOnly4xxAndLosesNoValidEvent() throws Exception {
        Path dataDir = Files.createTempDirectory("spendline-fault-storm");
        int port = FreePorts.loopback();
        try (JavaProcess standalone = FaultTestSupport.standalone("standalone-storm", dataDir, port, null)) {
            standalone.start(STANDALONE_READY, Duration.ofSeconds(90));
            String key = FaultTestSupport.printedKey(standalone);
            URI base = URI.create("http://127.0.0.1:" + port);

            Map<String, Map<Integer, Integer>> answers = new ConcurrentHashMap<>();
            Ledger ledger = new Ledger();
            LoadGenerator generator = new LoadGenerator(FaultTestSupport.load(base, key, "storm"), ledger);
            LoadGenerator.Result result = FaultTestSupport.underLoad(generator, ledger, "malformed storm", () -> {
                Thread a = stormThread(base, key, 1, answers);
                Thread b = stormThread(base, key, 2, answers);
                a.start();
                b.start();
                join(a);
                join(b);
            });
            System.out.println("storm answers by kind: " + new TreeMap<>(answers));

            assertThat(answers).as("kinds of bad input sent").hasSizeGreaterThanOrEqualTo(15);
            answers.forEach((kind, statuses) -> assertThat(statuses.keySet())
                    .as("answers to %s (-1: no answer)", kind)
                    .allSatisfy(status -> assertThat(status).isBetween(400, 499)));
            assertThat(result.retries())
                    .as("valid requests that were not acknowledged at once")
                    .isZero();
            assertThat(standalone.isAlive()).isTrue();
            FaultTestSupport.assertQueriesMatch(ledger, new ReportClient(base, key)::byTenant, Duration.ofSeconds(60));
        }
    }

    private static Thread stormThread(URI base, String key, long seed, Map<String, Map<Integer, Integer>> answers) {
        return new Thread(
                () -> {
                    HttpClient http = HttpClient.newBuilder()
                            .connectTimeout(Duration.ofSeconds(5))
                            .build();
                    SplittableRandom random = new SplittableRandom(seed);
                    List<Function<SplittableRandom, Bad>> kinds = badInputs(key);
                    long end = System.nanoTime() + FaultTestSupport.LOAD.toNanos() / 3;
                    int round = 0;
                    while (System.nanoTime() < end || round < kinds.size()) {
                        Bad bad = kinds.get(round++ % kinds.size()).apply(random);
                        int status = post(http, base, bad);
                        answers.computeIfAbsent(bad.kind(), k -> new ConcurrentHashMap<>())
                                .merge(status, 1, Integer::sum);
                    }
                },
                "storm-" + seed);
    }

    private static int post(HttpClient http, URI base, Bad bad) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/api/v1/events"))
                .timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bad.body()));
        if (bad.contentType() != null) {
            request.header("content-type", bad.contentType());
        }
        if (bad.key() != null) {
            request.header("authorization", "Bearer " + bad.key());
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private static String validEvent(SplittableRandom random) {
        return new EventMix(random.nextLong(), "storm-valid", Duration.ZERO)
                .next()
                .json();
    }

    private static Bad json(String kind, String key, String body) {
        return new Bad(kind, "application/json", key, body.getBytes(StandardCharsets.UTF_8));
    }

    /** Every kind of bad request, each a function of a random source so that rounds differ. */
    private static List<Function<SplittableRandom, Bad>> badInputs(String key) {
        List<Function<SplittableRandom, Bad>> kinds = new ArrayList<>();
        kinds.add(r -> {
            byte[] bytes = new byte[1 + r.nextInt(4096)];
            r.nextBytes(bytes);
            return new Bad("random bytes", "application/json", key, bytes);
        });
        kinds.add(r -> {
            String batch = "{\"events\":[" + validEvent(r) + "," + validEvent(r) + "]}";
            return json("truncated JSON", key, batch.substring(0, 1 + r.nextInt(batch.length() - 1)));
        });
        kinds.add(
                r -> json("huge number", key, validEvent(r).replaceFirst("\"costUsd\":[0-9.]+", "\"costUsd\":1e400")));
        kinds.add(r -> json(
                "huge integer",
                key,
                validEvent(r).replaceFirst("\"promptTokens\":[0-9]+", "\"promptTokens\":99999999999999999999999")));
        kinds.add(r -> json("negative cost", key, validEvent(r).replaceFirst("\"costUsd\":", "\"costUsd\":-")));
        kinds.add(r -> json("deep nesting", key, "[".repeat(50_000) + "]".repeat(50_000)));
        kinds.add(r -> json(
                "deep metadata",
                key,
                validEvent(r)
                        .replaceFirst("^\\{", "{\"metadata\":" + "{\"a\":".repeat(40) + "1" + "}".repeat(40) + ",")));
        kinds.add(r -> json(
                "wrong type", key, validEvent(r).replaceFirst("\"promptTokens\":[0-9]+", "\"promptTokens\":\"many\"")));
        kinds.add(r -> json("events not an array", key, "{\"events\":{\"provider\":\"openai\"}}"));
        kinds.add(r -> json("missing fields", key, "{\"provider\":\"openai\"}"));
        kinds.add(r -> json("one bad event in a batch", key, "{\"events\":[" + validEvent(r) + ",{\"model\":7}]}"));
        kinds.add(r -> json("JSON null", key, "null"));
        kinds.add(r -> json("empty body", key, ""));
        kinds.add(r -> json("duplicate key", key, validEvent(r).replaceFirst("^\\{", "{\"model\":\"x\",")));
        kinds.add(r -> new Bad(
                "invalid UTF-8", "application/json", key, new byte[] {'{', '"', 'm', (byte) 0xC3, (byte) 0x28, '"', '}'
                }));
        kinds.add(r -> json("oversized body", key, "{\"events\":[" + " ".repeat(6 * 1024 * 1024) + "]}"));
        kinds.add(r -> {
            StringBuilder batch = new StringBuilder("{\"events\":[");
            for (int i = 0; i < 1_001; i++) {
                batch.append(i == 0 ? "" : ",").append("{}");
            }
            return json("batch over 1000", key, batch.append("]}").toString());
        });
        kinds.add(r -> new Bad("text/plain", "text/plain", key, validEvent(r).getBytes(StandardCharsets.UTF_8)));
        kinds.add(r -> json("unknown key", "spl_" + "A".repeat(43), validEvent(r)));
        kinds.add(r -> json("malformed key", "not-a-key", validEvent(r)));
        kinds.add(r -> json("no key", null, validEvent(r)));
        return kinds;
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
