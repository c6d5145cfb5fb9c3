package dev.spendline.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import dev.spendline.gateway.ingest.IngestRoutes;
import dev.spendline.kafka.embedded.FreePorts;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every command Spendline prints runs as printed (issue #31: the banner and Settings named
 * {@code spendline-standalone}, which is on nobody's PATH). A launcher script stands in for
 * {@code bin/spendline-local} (it passes its own path the same way, without building the jar);
 * Spendline runs as a process of its own from it, and each command taken from the first start's
 * banner, from {@code --help}, from the Settings page and from a later start's banner is run by a
 * shell, exactly as printed, and must succeed. So does the add-price command a report names for usage
 * of a model without a price (its provider and price placeholders filled in), after which the next
 * start costs that model.
 */
class PrintedCommandsIT {

    private static final Duration START = Duration.ofMinutes(6);
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]*)\"");
    private static final Pattern CODE_BLOCK = Pattern.compile("<pre class=\"code\">([^<]*)</pre>");

    private final Path work = temp();
    private final Path launcher = work.resolve("spendline-local");
    // Relative, as a user gives it: the printed commands must run from the same directory.
    private final String dataDir =
            Path.of("").toAbsolutePath().relativize(work.resolve("data")).toString();
    private Process spendline;

    @AfterEach
    void stop() throws InterruptedException {
        if (spendline != null && spendline.isAlive()) {
            spendline.destroy();
            if (!spendline.waitFor(60, TimeUnit.SECONDS)) {
                spendline.destroyForcibly();
            }
        }
    }

    @Test
    void everyCommandTheBannerHelpAndSettingsPrintRunsAsPrinted() throws Exception {
        writeLauncher();
        int port = portWithFreeInternalPort();

        // --port alone: the internal port follows it (+1000) instead of colliding on 9080.
        List<String> banner = start("--data-dir", dataDir, "--port", String.valueOf(port));
        assertThat(Files.readString(work.resolve("data").resolve(RunningStandalone.FILE))
                        .trim())
                .isEqualTo("http://127.0.0.1:" + (port + 1000));
        assertThat(banner)
                .as("the key and the setup link are not buried under the broker's TOPIC_ALREADY_EXISTS warnings")
                .noneMatch(line -> line.contains("TOPIC_ALREADY_EXISTS"));
        List<String> bannerCommands = commands(banner);
        assertThat(bannerCommands)
                .contains(
                        launcher + " list-keys --data-dir " + dataDir, launcher + " create-key --data-dir " + dataDir);
        for (String command : bannerCommands) {
            Shell run = shell(command, Map.of());
            assertThat(run.exitCode()).as(command + "\n" + run.output()).isZero();
        }
        assertThat(shell(launcher + " list-keys --data-dir " + dataDir, Map.of())
                        .output())
                .contains("Default workspace");

        // --help's examples take the data directory from the environment, as a user's default ./data.
        Shell help = shell(launcher + " --help", Map.of());
        assertThat(help.exitCode()).isZero();
        assertThat(help.output()).startsWith("Usage: " + launcher + " [-hV]");
        List<String> helpCommands = commands(help.output().lines().toList());
        assertThat(helpCommands)
                .contains(
                        launcher + " list-keys",
                        launcher + " create-key",
                        launcher + " set-plan TEAM",
                        launcher + " setup-link",
                        launcher + " revoke-key --help");
        String setupLink = null;
        for (String command : helpCommands) {
            Shell run = shell(command, Map.of("SPENDLINE_DATA_DIR", dataDir));
            assertThat(run.exitCode()).as(command + "\n" + run.output()).isZero();
            if (command.endsWith(" setup-link")) {
                setupLink = run.output().trim();
            }
        }
        // Run inside the running Spendline, the new link points at its port, not the default 8080.
        assertThat(setupLink).startsWith("http://127.0.0.1:" + port + "/setup/");

        // Settings, as the owner who claimed that link sees it.
        HttpClient owner = signUp(setupLink);
        String base = setupLink.substring(0, setupLink.indexOf("/setup/"));
        String settings = page(owner, base + "/app/settings");
        List<String> settingsCommands = CODE_BLOCK
                .matcher(settings)
                .results()
                .map(match -> unescapeHtml(match.group(1)))
                .toList();
        assertThat(settingsCommands).singleElement().satisfies(command -> assertThat(command)
                .startsWith(launcher + " set-plan --workspace ws_")
                .endsWith(" TEAM --data-dir " + dataDir));
        for (String command : settingsCommands) {
            Shell run = shell(command, Map.of());
            assertThat(run.exitCode()).as(command + "\n" + run.output()).isZero();
            assertThat(run.output()).contains("on TEAM");
        }

        // The Settings page's other command shows only once records were set aside (PoisonRecordIT makes
        // some); the same generator spells it, with this launcher, and it runs against the running broker.
        Matcher workspace = Pattern.compile("--workspace (ws_[a-z0-9]+)").matcher(settingsCommands.get(0));
        assertThat(workspace.find()).isTrue();
        String redrive;
        System.setProperty(LocalCommands.LAUNCHER_PROPERTY, launcher.toString());
        try {
            redrive = new LocalCommands(dataDir)
                    .redriveDeadLetters(workspace.group(1))
                    .orElseThrow();
        } finally {
            System.clearProperty(LocalCommands.LAUNCHER_PROPERTY);
        }
        Shell redriven = shell(redrive, Map.of());
        assertThat(redriven.exitCode()).as(redrive + "\n" + redriven.output()).isZero();
        assertThat(redriven.output()).contains("Re-drove 0 dead letter(s)");

        // Usage of a model the price book lacks: the report's fix names add-price for that model and the
        // provider its usage names, and runs as printed once its price placeholders (what only the user knows)
        // are filled in.
        SpendlineHttp http = new SpendlineHttp("http://127.0.0.1:" + port);
        String key = banner.stream()
                .map(String::strip)
                .filter(line -> line.startsWith("spl_"))
                .findFirst()
                .orElseThrow();
        assertThat(http.post(IngestRoutes.INTERNAL_USAGE_PATH, key, unpricedModelRow("u-1"))
                        .status())
                .isEqualTo(202);
        JsonNode unpriced = awaitInternalUsage(http, key, 1).get("unpriced");
        assertThat(unpriced.get("calls").asLong()).isEqualTo(1);
        assertThat(unpriced.get("models").get(0).asString()).isEqualTo("gpt-9");
        Matcher printed = Pattern.compile(
                        Pattern.quote(launcher + " add-price ") + ".*?" + Pattern.quote(" --data-dir " + dataDir))
                .matcher(unpriced.get("fix").asString());
        assertThat(printed.find()).as(unpriced.get("fix").asString()).isTrue();
        String addPrice = printed.group();
        assertThat(addPrice)
                .isEqualTo(launcher + " add-price --provider acme --model gpt-9 --input USD_PER_MTOK --output"
                        + " USD_PER_MTOK --data-dir " + dataDir);
        // The overview and Ask say the same, from the same fix.
        assertThat(unescapeHtml(page(owner, base + "/app"))).contains("To cost them, run " + addPrice);
        SpendlineHttp.Response asked = http.post(
                "/api/v1/ask", key, "{\"question\": \"how much did developers spend on AI tools this week\"}");
        assertThat(asked.status()).as(asked.raw().body()).isEqualTo(200);
        assertThat(asked.body().get("answer").asString())
                .contains("Unpriced: 1 row (gpt-9)", "to cost them, run " + addPrice);
        String filledIn = addPrice.replaceFirst("USD_PER_MTOK", "2.50").replaceFirst("USD_PER_MTOK", "10");
        Shell priced = shell(filledIn, Map.of());
        assertThat(priced.exitCode()).as(filledIn + "\n" + priced.output()).isZero();
        assertThat(priced.output()).contains("Added to ", "acme,gpt-9,2000-01-01,2.50,2.50,10", "Restart Spendline");

        // A later start's banner: the command for another key, run while Spendline runs.
        stop();
        List<String> later = start("--data-dir", dataDir, "--port", String.valueOf(port));
        List<String> laterCommands = commands(later);
        assertThat(laterCommands).containsExactly(launcher + " create-key --data-dir " + dataDir);
        Shell another = shell(laterCommands.get(0), Map.of());
        assertThat(another.exitCode()).as(another.output()).isZero();
        assertThat(another.output()).contains("spl_");

        // That start read the data directory's prices.csv: the model's next row is costed,
        // 900,000 uncached + 100,000 cached input tokens at 2.50 and 200,000 output tokens at 10 per million;
        // the row counted before the price stays unpriced.
        assertThat(http.post(IngestRoutes.INTERNAL_USAGE_PATH, key, unpricedModelRow("u-2"))
                        .status())
                .isEqualTo(202);
        JsonNode report = awaitInternalUsage(http, key, 2);
        assertThat(report.get("totals").get("costUsd").decimalValue()).isEqualByComparingTo("4.50");
        assertThat(report.get("unpriced").get("calls").asLong()).isEqualTo(1);
    }

    /** An AI-tool usage row of a model the bundled price book has no price for, to be priced from the book. */
    private static String unpricedModelRow(String externalId) {
        return "{\"sourceKey\":\"laptop-1\",\"sourceKind\":\"collector\",\"tool\":\"codex\","
                + "\"employeeEmail\":\"bob@example.com\",\"provider\":\"acme\",\"model\":\"gpt-9\","
                + "\"costBasis\":\"price_book\",\"inputTokens\":1000000,\"cachedInputTokens\":100000,"
                + "\"outputTokens\":200000,\"externalId\":\"" + externalId + "\",\"ts\":\"" + Instant.now() + "\"}";
    }

    /** This week's internal usage by model, once it counts {@code calls} rows. */
    private static JsonNode awaitInternalUsage(SpendlineHttp http, String key, long calls) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        String path =
                "/api/v1/reports/spend?usage=internal&by=model&from=" + today.minusDays(1) + "&to=" + today.plusDays(2);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonNode report = null;
        while (System.nanoTime() < deadline) {
            report = http.get(path, key).body();
            if (report.path("totals").path("calls").asLong() >= calls) {
                return report;
            }
            SpendlineHttp.sleep(200);
        }
        throw new AssertionError("Internal usage did not reach " + calls + " rows: " + report);
    }

    /**
     * A stand-in for bin/spendline-local: the same main class, its own path as the launcher's name,
     * and the jar's logging configuration (not the tests' logback-test.xml, which is on this class path).
     */
    private void writeLauncher() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(
                launcher,
                "#!/usr/bin/env bash\n"
                        + "exec '" + java + "' -Xmx768m -XX:+UseParallelGC -Dspendline.launcher=\"$0\""
                        + " -Dlogback.configurationFile=logback.xml -Dlogging.config=classpath:logback.xml -cp '"
                        + System.getProperty("java.class.path") + "' " + StandaloneMain.class.getName()
                        + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
    }

    /** Starts Spendline from the launcher and returns what it printed up to "Stop with Ctrl-C.". */
    private List<String> start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        spendline = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(spendline.getInputStream(), StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        long deadline = System.nanoTime() + START.toNanos();
        String line;
        while ((line = out.readLine()) != null) {
            lines.add(line);
            if (line.equals("Stop with Ctrl-C.")) {
                // Keep draining, so that a full pipe never blocks the process's logging.
                Thread drain = new Thread(() -> out.lines().forEach(ignored -> {}), "printed-commands-drain");
                drain.setDaemon(true);
                drain.start();
                return lines;
            }
            assertThat(System.nanoTime()).as(String.join("\n", lines)).isLessThan(deadline);
        }
        throw new AssertionError("Spendline stopped before it was ready:\n" + String.join("\n", lines));
    }

    /** The lines that are commands: those that start with the launcher, as printed. */
    private List<String> commands(List<String> lines) {
        return lines.stream()
                .map(String::strip)
                .filter(line -> line.startsWith(launcher + " "))
                .toList();
    }

    record Shell(int exitCode, String output) {}

    /** Runs {@code command} as a user pastes it into a shell, in this directory. */
    private static Shell shell(String command, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true);
        builder.environment().remove("SPENDLINE_DATA_DIR");
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as(command).isTrue();
        return new Shell(process.exitValue(), output);
    }

    /** Signs up with {@code setupLink}: the browser of the workspace's new owner. */
    private static HttpClient signUp(String setupLink) throws Exception {
        HttpClient browser = HttpClient.newBuilder()
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        HttpResponse<String> page = browser.send(
                HttpRequest.newBuilder(URI.create(setupLink)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        Matcher csrf = CSRF.matcher(page.body());
        assertThat(csrf.find()).as("a CSRF token on the setup page").isTrue();
        String form = "email=" + URLEncoder.encode("owner@example.com", StandardCharsets.UTF_8)
                + "&name=Owner&password=" + URLEncoder.encode("correct horse battery", StandardCharsets.UTF_8)
                + "&_csrf=" + URLEncoder.encode(csrf.group(1), StandardCharsets.UTF_8);
        HttpResponse<String> created = browser.send(
                HttpRequest.newBuilder(URI.create(setupLink))
                        .header("content-type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(302);
        return browser;
    }

    /** A dashboard page as {@code browser}'s signed-in user sees it. */
    private static String page(HttpClient browser, String url) throws Exception {
        HttpResponse<String> page = browser.send(
                HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return page.body();
    }

    private static String unescapeHtml(String text) {
        return text.replace("&#39;", "'")
                .replace("&quot;", "\"")
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    /** A port whose +1000 is free too, for a start with --port alone. */
    private static int portWithFreeInternalPort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = FreePorts.loopback();
            if (port + 1000 <= 65535 && Ports.free(port + 1000)) {
                return port;
            }
        }
        throw new IllegalStateException("No port with a free port 1000 above it");
    }

    private static Path temp() {
        try {
            return Files.createTempDirectory(Path.of("target").toAbsolutePath(), "printed-commands");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
