package dev.spendline.standalone;

import dev.spendline.contracts.json.Json;
import dev.spendline.internalapi.InstanceCredential;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.env.Environment;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Runs a key command ({@code create-key}, {@code list-keys}, ...) that {@code bin/spendline-local}
 * started on the same data directory sent here ({@link RunningStandalone}), on this process's own
 * control-plane database: the database file stays open in one process only. The request must be
 * signed with the command secret from the data directory; anything else is refused before the
 * body is read.
 */
@RestController
final class LocalCommandController {

    /** Property the standalone sets from the data directory's command secret. */
    static final String SECRET_PROPERTY = "spendline.standalone.command-secret";

    private static final Logger log = LoggerFactory.getLogger(LocalCommandController.class);

    private final InstanceCredential credential;
    private final JdbcClient controlPlane;
    private final Clock clock;
    private final Environment environment;

    LocalCommandController(
            @Value("${" + SECRET_PROPERTY + "}") String secret,
            JdbcClient controlPlaneJdbcClient,
            Clock clock,
            Environment environment) {
        this.credential = InstanceCredential.of(secret);
        this.controlPlane = controlPlaneJdbcClient;
        this.clock = clock;
        this.environment = environment;
    }

    @PostMapping(RunningStandalone.PATH)
    ResponseEntity<byte[]> run(
            @RequestBody(required = false) byte[] body,
            @RequestHeader(name = InstanceCredential.HEADER, required = false) String presented) {
        byte[] bytes = body == null ? new byte[0] : body;
        InstanceCredential.Verdict verdict =
                credential.verify(presented, RunningStandalone.PATH, bytes, clock.instant());
        if (verdict != InstanceCredential.Verdict.VALID) {
            log.warn("Refused a key command without a valid signature: {}", verdict);
            return ResponseEntity.status(401)
                    .contentType(MediaType.TEXT_PLAIN)
                    .body("Sign key commands with the command secret of the data directory."
                            .getBytes(StandardCharsets.UTF_8));
        }
        List<String> args = List.of(Json.MAPPER.readValue(bytes, String[].class));
        if (args.isEmpty() || !RunningStandalone.COMMANDS.contains(args.get(0))) {
            return ResponseEntity.badRequest()
                    .contentType(MediaType.TEXT_PLAIN)
                    .body(("Only these commands run here: " + RunningStandalone.COMMANDS)
                            .getBytes(StandardCharsets.UTF_8));
        }
        RunningStandalone.Result result = StandaloneMain.runHere(args, controlPlane, baseUrl());
        log.info("Ran key command {} for a local caller: exit code {}", args.get(0), result.exitCode());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("exitCode", result.exitCode());
        answer.put("out", result.out());
        answer.put("err", result.err());
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(Json.MAPPER.writeValueAsBytes(answer));
    }

    /** This process's base URL, where a setup link it prints must point (not the default port's). */
    private String baseUrl() {
        return "http://127.0.0.1:"
                + environment.getProperty("local.server.port", environment.getProperty("server.port", "8080"));
    }
}
