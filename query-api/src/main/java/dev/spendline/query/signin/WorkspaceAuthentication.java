package dev.spendline.query.signin;

import dev.spendline.controlplane.Principal;
import dev.spendline.controlplane.accounts.Role;
import java.util.List;
import java.util.Objects;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * A signed-in user acting in one of their workspaces, for the duration of one dashboard request.
 * Built on every request from the session's user and the workspace selected in the session, after
 * reading the membership from the database, so a removed member or a changed role takes effect at
 * the next request. Its principal is the {@link Principal} every read tool and write action takes,
 * so a dashboard controller asks for {@code @AuthenticationPrincipal Principal}. Authorities:
 * {@code ROLE_OWNER}, {@code ROLE_ADMIN} or {@code ROLE_MEMBER}.
 */
public final class WorkspaceAuthentication extends AbstractAuthenticationToken {

    /** A workspace the user may switch to, by id and name. */
    public record WorkspaceChoice(String id, String name) {}

    private final Principal principal;
    private final String workspaceName;
    private final String userId;
    private final String email;
    private final Role role;
    private final List<WorkspaceChoice> workspaces;

    public WorkspaceAuthentication(
            Principal principal,
            String workspaceName,
            String userId,
            String email,
            Role role,
            List<WorkspaceChoice> workspaces) {
        super(List.of(new SimpleGrantedAuthority("ROLE_" + role.name())));
        this.principal = Objects.requireNonNull(principal, "principal");
        this.workspaceName = Objects.requireNonNull(workspaceName, "workspaceName");
        this.userId = Objects.requireNonNull(userId, "userId");
        this.email = Objects.requireNonNull(email, "email");
        this.role = Objects.requireNonNull(role, "role");
        this.workspaces = List.copyOf(workspaces);
        setAuthenticated(true);
    }

    /** The authentication of the current dashboard request; null outside one. */
    public static WorkspaceAuthentication current() {
        return SecurityContextHolder.getContext().getAuthentication() instanceof WorkspaceAuthentication workspace
                ? workspace
                : null;
    }

    @Override
    public Principal getPrincipal() {
        return principal;
    }

    /** Never a secret: the session is the credential. */
    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public String getName() {
        return email;
    }

    public String workspaceName() {
        return workspaceName;
    }

    public String userId() {
        return userId;
    }

    public String email() {
        return email;
    }

    public Role role() {
        return role;
    }

    /** Whether the user may manage keys, members, invitations and settings of this workspace. */
    public boolean manages() {
        return role.manages();
    }

    /** Every workspace the user belongs to, this one included, by name. */
    public List<WorkspaceChoice> workspaces() {
        return workspaces;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WorkspaceAuthentication that
                && principal.equals(that.principal)
                && userId.equals(that.userId)
                && role == that.role;
    }

    @Override
    public int hashCode() {
        return Objects.hash(principal, userId, role);
    }
}
