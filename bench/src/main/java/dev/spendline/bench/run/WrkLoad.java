package dev.spendline.bench.run;

import dev.spendline.bench.load.EventMix;
import dev.spendline.bench.load.MixEvent;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Ingest throughput measured with <a href="https://github.com/wg/wrk">wrk</a>, a load generator in
 * C, when it is installed ({@code apt-get install wrk}).
 *
 * <p>Why not the bench's own {@link dev.spendline.bench.load.LoadGenerator} for this figure: on a
 * 2-core machine the generator shares the cores with the gateway and the broker, and a Java HTTP
 * client costs about as much CPU per request as the gateway does, so it measured itself as much as
 * the gateway (4,225 single-event requests/s with it against 10,000–11,700 with wrk on the same
 * gateway, warmed up, 2026-11-25). wrk uses a tenth of a core for that load. The bodies are the
 * same realistic mix ({@link EventMix}) written into the wrk script, each request with
 * {@code externalId}s of its own, so the gateway parses, validates and produces exactly what the
 * Java generator would send.
 */
final class WrkLoad {

    /** Distinct bodies in the script; requests cycle through them with fresh externalIds. */
    private static final int SINGLE_BODIES = 2_000;

    private static final int BATCH_BODIES = 40;
    private static final String ID_MARK = "@@";
    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern SOCKET_ERRORS =
            Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s+(50|99)%\\s+([0-9.]+)(us|ms|s)\\s*$");

    /** What one wrk run measured. */
    record Result(double requestsPerSecond, int batchSize, double p50Millis, double p99Millis, String output) {
        double eventsPerSecond() {
            return requestsPerSecond * batchSize;
        }
    }

    private final Path workDir;

    WrkLoad(Path workDir) {
        this.workDir = workDir;
    }

    /** Whether {@code wrk} is on the PATH. */
    static boolean available() {
        try {
            Process p = new ProcessBuilder("wrk", "--version")
                    .redirectErrorStream(true)
                    .start();
            p.getInputStream().readAllBytes();
            p.waitFor(10, TimeUnit.SECONDS);
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Posts events for {@code duration} over {@code connections} kept-alive connections (one
     * request in flight on each), {@code batchSize} events per request (1: a single event object).
     * Fails when any answer is not a 2xx or a connection broke: a throughput with errors is no
     * throughput.
     */
    Result run(URI base, String apiKey, int batchSize, int connections, Duration duration, String tag)
            throws IOException, InterruptedException {
        return runScript(
                base.resolve("/api/v1/events"),
                latin1(script(apiKey, batchSize, tag)),
                batchSize,
                connections,
                duration,
                tag);
    }

    /**
     * Posts OTLP trace exports of {@code spans} GenAI spans each (the same event mix as {@link #run})
     * to {@code /v1/traces}, in protobuf or OTLP/JSON, with the same connections and checks as
     * {@link #run}. The result's {@code eventsPerSecond} is spans per second.
     */
    Result runOtlp(URI base, String apiKey, int spans, boolean protobuf, int connections, Duration duration, String tag)
            throws IOException, InterruptedException {
        return runScript(
                base.resolve("/v1/traces"),
                otlpScript(apiKey, spans, protobuf, tag),
                spans,
                connections,
                duration,
                tag);
    }

    private Result runScript(URI url, String lua, int batchSize, int connections, Duration duration, String tag)
            throws IOException, InterruptedException {
        Path script = workDir.resolve("wrk-" + tag + ".lua");
        Files.writeString(script, lua, StandardCharsets.ISO_8859_1);
        Process wrk = new ProcessBuilder(
                        "wrk",
                        "-t1",
                        "-c" + connections,
                        "-d" + duration.toSeconds() + "s",
                        "--timeout",
                        "30s",
                        "--latency",
                        "-s",
                        script.toString(),
                        url.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!wrk.waitFor(duration.toSeconds() + 60, TimeUnit.SECONDS) || wrk.exitValue() != 0) {
            throw new IllegalStateException("wrk failed:\n" + output);
        }
        return parse(output, batchSize);
    }

    static Result parse(String output, int batchSize) {
        Matcher rate = RATE.matcher(output);
        if (!rate.find()) {
            throw new IllegalStateException("no Requests/sec in wrk's output:\n" + output);
        }
        Matcher non2xx = NON_2XX.matcher(output);
        if (non2xx.find() && Long.parseLong(non2xx.group(1)) > 0) {
            throw new IllegalStateException(non2xx.group(1) + " answers were not 2xx:\n" + output);
        }
        Matcher socket = SOCKET_ERRORS.matcher(output);
        if (socket.find()) {
            throw new IllegalStateException("connections failed (" + socket.group() + "):\n" + output);
        }
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        for (String line : output.split("\n")) {
            Matcher p = PERCENTILE.matcher(line);
            if (p.matches()) {
                double value = Double.parseDouble(p.group(2))
                        * switch (p.group(3)) {
                            case "us" -> 0.001;
                            case "s" -> 1000.0;
                            default -> 1.0;
                        };
                if (p.group(1).equals("50")) {
                    p50 = value;
                } else {
                    p99 = value;
                }
            }
        }
        return new Result(Double.parseDouble(rate.group(1)), batchSize, p50, p99, output);
    }

    /**
     * A wrk script whose bodies are the bench's event mix. Each request replaces the mark in the
     * externalIds with its own number, so no two requests repeat an identity (the mix's own ~2 %
     * resends inside a batch stay resends).
     */

    /** The UTF-8 bytes of {@code text} as one char each, so a Latin-1 write puts those bytes on disk. */
    private static String latin1(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    static String script(String apiKey, int batchSize, String tag) {
        EventMix mix = new EventMix(tag.hashCode(), ID_MARK, Duration.ZERO);
        int bodies = batchSize == 1 ? SINGLE_BODIES : BATCH_BODIES;
        List<String> templates = new ArrayList<>(bodies);
        for (int b = 0; b < bodies; b++) {
            StringBuilder json = new StringBuilder(batchSize * 600);
            if (batchSize == 1) {
                mix.next().appendJson(json);
            } else {
                json.append("{\"events\":[");
                for (int i = 0; i < batchSize; i++) {
                    if (i > 0) {
                        json.append(',');
                    }
                    MixEvent event = mix.next();
                    event.appendJson(json);
                }
                json.append("]}");
            }
            templates.add(json.toString());
        }
        StringBuilder lua = new StringBuilder(templates.size() * batchSize * 620);
        lua.append("wrk.method = \"POST\"\n")
                .append("wrk.headers[\"Content-Type\"] = \"application/json\"\n")
                .append("wrk.headers[\"Authorization\"] = \"Bearer ")
                .append(apiKey)
                .append("\"\n")
                .append("local bodies = {\n");
        for (String t : templates) {
            lua.append("[==[").append(t).append("]==],\n");
        }
        lua.append("}\n")
                .append("local n = 0\n")
                .append("request = function()\n")
                .append("  n = n + 1\n")
                .append("  local body = string.gsub(bodies[(n % #bodies) + 1], \"")
                .append(ID_MARK)
                .append("\", \"")
                .append(tag)
                .append("-\" .. n .. \"-\")\n")
                .append("  return wrk.format(nil, nil, nil, body)\n")
                .append("end\n");
        return lua.toString();
    }

    /**
     * A wrk script posting OTLP exports of {@code spans} spans built from the bench's event mix
     * ({@link OtlpBodies}); each request replaces the trace ids' mark with its own number (8 bytes, 8
     * hex digits in JSON), so no two requests repeat a span identity. Protobuf bodies are written as
     * Lua strings of decimal escapes (binary-safe); the script is meant to be written as Latin-1.
     */
    static String otlpScript(String apiKey, int spans, boolean protobuf, String tag) {
        EventMix mix = new EventMix(tag.hashCode(), "otlp-", Duration.ZERO);
        StringBuilder lua = new StringBuilder(BATCH_BODIES * spans * 1_300);
        lua.append("wrk.method = \"POST\"\n")
                .append("wrk.headers[\"Content-Type\"] = \"")
                .append(protobuf ? "application/x-protobuf" : "application/json")
                .append("\"\n")
                .append("wrk.headers[\"Authorization\"] = \"Bearer ")
                .append(apiKey)
                .append("\"\n")
                .append("local bodies = {\n");
        for (int b = 0; b < BATCH_BODIES; b++) {
            List<MixEvent> events = new ArrayList<>(spans);
            for (int i = 0; i < spans; i++) {
                events.add(mix.next());
            }
            byte[] body = protobuf
                    ? OtlpBodies.protobuf(events, b)
                    : OtlpBodies.json(events, b).getBytes(StandardCharsets.UTF_8);
            lua.append('"');
            for (byte x : body) {
                int c = x & 0xff;
                if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
                    lua.append((char) c);
                } else {
                    lua.append('\\').append(String.format("%03d", c));
                }
            }
            lua.append("\",\n");
        }
        lua.append("}\n")
                .append("local n = 0\n")
                .append("request = function()\n")
                .append("  n = n + 1\n")
                .append("  local body = string.gsub(bodies[(n % #bodies) + 1], \"")
                .append(OtlpBodies.ID_MARK)
                .append("\", string.format(\"%08x\", n))\n")
                .append("  return wrk.format(nil, nil, nil, body)\n")
                .append("end\n");
        return lua.toString();
    }
}
