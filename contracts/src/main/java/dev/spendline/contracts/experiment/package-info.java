/**
 * Experiments seen in product events ({@code metadata.experimentId} and {@code metadata.variant})
 * and their guardrails, which Spendline only ever runs in shadow mode: it records what a guardrail
 * would have done and never blocks anything. See docs/experiments.md.
 */
package dev.spendline.contracts.experiment;
