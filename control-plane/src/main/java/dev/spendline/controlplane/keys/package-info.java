/** Workspace API keys: issuing, hashing, revoking, and authenticating a presented secret to a {@link dev.spendline.controlplane.Principal}. */
package dev.spendline.controlplane.keys;
