package dev.spendline.controlplane.accounts;

/**
 * A member's role in one workspace. Owners and admins manage API keys, members, invitations, revenue
 * and the chat app; members read everything and ask. A workspace always has at least one owner.
 */
public enum Role {
    OWNER,
    ADMIN,
    MEMBER;

    /** Whether this role may manage keys, members, invitations and settings. */
    public boolean manages() {
        return this != MEMBER;
    }

    /** For people: "Owner", "Admin", "Member". */
    public String label() {
        return name().charAt(0) + name().substring(1).toLowerCase(java.util.Locale.ROOT);
    }
}
