/**
 * The OTLP mapping setting over the API: {@code /api/v1/settings/otlp-mapping} (docs/opentelemetry.md,
 * "Changing the mapping"). The mapping itself, its rules and its storage are the control plane's
 * ({@link dev.spendline.controlplane.otlp}); the gateway reads it from there.
 */
package dev.spendline.query.otlp;
