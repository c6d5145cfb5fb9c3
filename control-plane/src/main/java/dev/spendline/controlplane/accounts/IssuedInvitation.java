package dev.spendline.controlplane.accounts;

/** A new invitation with the token of its link, which exists only in this object: show it once. */
public record IssuedInvitation(Invitation invitation, String token) {}
