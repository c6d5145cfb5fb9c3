package dev.spendline.query.openapi;

import dev.spendline.contracts.json.Json;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/openapi.json}: the OpenAPI document, public (its own security chain, {@code
 * SecurityConfiguration.Chains#OPENAPI}), built once when the application starts since nothing in it
 * changes while the process runs.
 */
@RestController
final class OpenApiController {

    private final byte[] document =
            Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(OpenApiDocument.build());

    @GetMapping(path = OpenApiDocument.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<byte[]> document() {
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .cacheControl(CacheControl.noCache())
                .body(document);
    }
}
