package dev.spendline.controlplane.otlp;

import java.time.Instant;

/** A workspace's own mapping as stored, and when it was last changed. */
public record StoredOtlpMapping(OtlpMapping mapping, Instant updatedAt) {}
