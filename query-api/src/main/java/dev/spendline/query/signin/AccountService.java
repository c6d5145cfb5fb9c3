package dev.spendline.query.signin;

import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import dev.spendline.controlplane.accounts.Invitation;
import dev.spendline.controlplane.accounts.InvitationRepository;
import dev.spendline.controlplane.accounts.MembershipRepository;
import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.accounts.SetupLinkRepository;
import dev.spendline.controlplane.accounts.User;
import dev.spendline.controlplane.accounts.UserRepository;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import java.time.Clock;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Creating accounts and joining workspaces, each in one transaction: a sign-up that fails half-way
 * leaves neither a user without a workspace nor a workspace without an owner.
 */
public final class AccountService {

    private final UserRepository users;
    private final WorkspaceRepository workspaces;
    private final MembershipRepository memberships;
    private final InvitationRepository invitations;
    private final SetupLinkRepository setupLinks;
    private final PasswordEncoder passwords;
    private final TransactionOperations transactions;
    private final Plan defaultPlan;
    private final Clock clock;

    public AccountService(
            UserRepository users,
            WorkspaceRepository workspaces,
            MembershipRepository memberships,
            InvitationRepository invitations,
            SetupLinkRepository setupLinks,
            PasswordEncoder passwords,
            TransactionOperations transactions,
            Plan defaultPlan,
            Clock clock) {
        this.users = users;
        this.workspaces = workspaces;
        this.memberships = memberships;
        this.invitations = invitations;
        this.setupLinks = setupLinks;
        this.passwords = passwords;
        this.transactions = transactions;
        this.defaultPlan = defaultPlan;
        this.clock = clock;
    }

    /** How a new account joins: with a workspace of its own, by a setup link, or by an invitation. */
    public sealed interface Joining {
        /** A new workspace named after the user, owned by them, on the default plan. */
        record OwnWorkspace() implements Joining {}

        /** The standalone's first workspace, claimed with its one-time setup link. */
        record SetupLink(String token) implements Joining {}

        /** A workspace that invited the user. */
        record Invited(String token) implements Joining {}
    }

    /**
     * Creates an account with a password (already checked by {@link SignUpForm}) and joins it as
     * {@code joining} says.
     *
     * @throws SignUpRefusedException if the e-mail is taken or the link no longer admits anyone
     */
    public User signUp(String email, String displayName, String password, Joining joining) {
        try {
            return transactions.execute(status -> {
                User user = users.create(email, displayName, passwords.encode(password));
                join(user, joining);
                return user;
            });
        } catch (DuplicateKeyException taken) {
            // Said without confirming that the address has an account, on the page that asks to sign in.
            throw new SignUpRefusedException(
                    "An account with this e-mail address may already exist. Sign in instead, or use another address.");
        }
    }

    /**
     * The account of someone signed in with an OpenID Connect provider: found by the provider's
     * issuer and subject, or created (with a workspace of its own) on their first sign-in. An
     * existing password account with the same e-mail is not linked: a provider's e-mail claim alone
     * is not proof of owning the Spendline account.
     */
    public User providerUser(String issuer, String subject, String email, String displayName) {
        try {
            return users.findByIdentity(issuer, subject)
                    .orElseGet(() -> firstProviderSignIn(issuer, subject, email, displayName));
        } catch (DuplicateKeyException concurrentFirstSignIn) {
            // The same person's first sign-in in two tabs at once: the other one created the account.
            return users.findByIdentity(issuer, subject).orElseThrow(() -> concurrentFirstSignIn);
        }
    }

    private User firstProviderSignIn(String issuer, String subject, String email, String displayName) {
        return transactions.execute(status -> {
            String address = email != null && !email.isBlank() ? email : subject + "@" + hostOf(issuer);
            if (users.findByEmail(address).isPresent()) {
                throw new SignUpRefusedException("An account with this e-mail address exists. Sign in with its"
                        + " password; signing in with a provider is for accounts created that way.");
            }
            User user = users.create(address, displayName, null);
            users.linkIdentity(issuer, subject, user.id());
            join(user, new Joining.OwnWorkspace());
            return user;
        });
    }

    /** An existing user joins the workspace of an invitation. */
    public String acceptInvitation(String token, String userId) {
        return transactions.execute(status -> acceptOrThrow(token, userId));
    }

    /** The open invitation of a token, to show before accepting. */
    public Optional<Invitation> openInvitation(String token) {
        return invitations.findByToken(token).filter(i -> i.open(clock.instant()));
    }

    /** The workspace an unclaimed setup link would hand over. */
    public Optional<Workspace> setupWorkspace(String token) {
        return setupLinks.unclaimedWorkspace(token).flatMap(workspaces::findById);
    }

    /** A user with no workspace left (all memberships removed) gets a new one of their own. */
    public void ensureWorkspace(User user) {
        transactions.executeWithoutResult(status -> {
            if (memberships.forUser(user.id()).isEmpty()) {
                join(user, new Joining.OwnWorkspace());
            }
        });
    }

    private void join(User user, Joining joining) {
        if (joining instanceof Joining.SetupLink link) {
            String workspaceId = setupLinks
                    .claim(link.token(), user.id())
                    .orElseThrow(() -> new SignUpRefusedException(
                            "This setup link has already been used. Ask the workspace's owner for an invitation."));
            memberships.add(workspaceId, user.id(), Role.OWNER);
        } else if (joining instanceof Joining.Invited invited) {
            acceptOrThrow(invited.token(), user.id());
        } else {
            Workspace workspace = workspaces.create(workspaceName(user), defaultPlan);
            memberships.add(workspace.id(), user.id(), Role.OWNER);
        }
    }

    private String acceptOrThrow(String token, String userId) {
        Invitation invitation = invitations
                .findByToken(token)
                .filter(i -> invitations.accept(i.id(), userId))
                .orElseThrow(() -> new SignUpRefusedException(
                        "This invitation link has expired, was revoked or was already used. Ask for a new one."));
        memberships.add(invitation.workspaceId(), userId, invitation.role());
        return invitation.workspaceId();
    }

    /** "Ana's workspace"; the name can be changed in settings. */
    static String workspaceName(User user) {
        String name = user.displayName();
        if (name.contains("@")) {
            name = name.substring(0, name.indexOf('@'));
        }
        return TextRules.truncate(name + "'s workspace", Limits.MAX_DISPLAY_NAME_LENGTH);
    }

    private static String hostOf(String issuer) {
        try {
            String host = java.net.URI.create(issuer).getHost();
            return host == null ? "provider" : host;
        } catch (IllegalArgumentException e) {
            return "provider";
        }
    }
}
