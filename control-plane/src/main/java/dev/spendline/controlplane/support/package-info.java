/** Helpers the feature packages share: random ids and secrets, database timestamps. */
package dev.spendline.controlplane.support;
