/**
 * A workspace's OTLP attribution mapping: which span or resource attributes fill the attribution
 * fields of the product events made from its OpenTelemetry spans ({@link dev.spendline.controlplane.otlp.OtlpMapping}),
 * stored per workspace ({@link dev.spendline.controlplane.otlp.OtlpMappingRepository}) and read by the
 * gateway's ingest through a short-lived cache ({@link dev.spendline.controlplane.otlp.OtlpMappings}).
 */
package dev.spendline.controlplane.otlp;
