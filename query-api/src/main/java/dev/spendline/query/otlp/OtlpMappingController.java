package dev.spendline.query.otlp;

import dev.spendline.contracts.problem.ProblemException;
import dev.spendline.contracts.validation.FieldError;
import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.otlp.OtlpMappingRepository;
import dev.spendline.controlplane.otlp.OtlpMappings;
import dev.spendline.query.problems.RequestBodies;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.node.ObjectNode;

/**
 * The workspace's OTLP attribution mapping, with an API key like every other setting of the API
 * (customer revenue, webhooks): {@code GET} reads it, {@code PUT} replaces what the workspace changed
 * (fields left out keep the default), {@code DELETE} goes back to the default. The workspace is the
 * key's own; no path or body names one, so no request can read or change another's.
 *
 * <p>A change applies at once to the ingest of this process (the standalone; the cache is told), and
 * within {@code spendline.otlp.mapping-cache-ttl} (30 s) on a separate gateway service.
 */
@RestController
final class OtlpMappingController {

    static final String PATH = "/api/v1/settings/otlp-mapping";

    private final OtlpMappingRepository repository;
    private final OtlpMappings cache;

    OtlpMappingController(OtlpMappingRepository repository, OtlpMappings cache) {
        this.repository = repository;
        this.cache = cache;
    }

    @GetMapping(PATH)
    OtlpMappingView get(@AuthenticationPrincipal Principal principal) {
        return OtlpMappingView.of(repository.find(principal.workspaceId()));
    }

    @PutMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
    OtlpMappingView put(@AuthenticationPrincipal Principal principal, @RequestBody(required = false) byte[] body) {
        List<FieldError> errors = new ArrayList<>();
        ObjectNode object = RequestBodies.object(body, OtlpMapping.EXAMPLE, errors);
        OtlpMapping mapping = object == null ? null : OtlpMapping.read(object, "", errors);
        if (mapping == null) {
            throw new ProblemException(
                    400,
                    "invalid_otlp_mapping",
                    "Invalid OTLP mapping",
                    errors.size() + " problem(s) with the mapping; nothing was changed",
                    errors);
        }
        String workspaceId = principal.workspaceId();
        OtlpMappingView saved = OtlpMappingView.of(repository.save(workspaceId, mapping));
        cache.invalidate(workspaceId);
        return saved;
    }

    @DeleteMapping(PATH)
    ResponseEntity<Void> reset(@AuthenticationPrincipal Principal principal) {
        repository.reset(principal.workspaceId());
        cache.invalidate(principal.workspaceId());
        return ResponseEntity.noContent().build();
    }
}
