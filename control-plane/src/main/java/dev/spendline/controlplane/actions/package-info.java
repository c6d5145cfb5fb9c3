/** Prepared write actions: prepare, confirm once with the credential that prepared it, record the execution. */
package dev.spendline.controlplane.actions;
