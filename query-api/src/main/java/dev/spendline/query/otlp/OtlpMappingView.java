package dev.spendline.query.otlp;

import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.otlp.StoredOtlpMapping;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A workspace's OTLP mapping as the API answers it.
 *
 * @param attributes every attribution field with the attribute names it is read from, in order
 *     (span first, then resource, for each name list)
 * @param changed only the fields this workspace changed; the others use the default
 * @param updatedAt when the workspace last changed it; null while it uses the default
 */
public record OtlpMappingView(
        Map<String, List<String>> attributes, Map<String, List<String>> changed, Instant updatedAt) {

    /** The view of what is stored for a workspace; empty: the default. */
    public static OtlpMappingView of(Optional<StoredOtlpMapping> stored) {
        OtlpMapping mapping = stored.map(StoredOtlpMapping::mapping).orElse(OtlpMapping.DEFAULT);
        return new OtlpMappingView(
                mapping.effective(),
                mapping.changed(),
                stored.map(StoredOtlpMapping::updatedAt).orElse(null));
    }
}
